import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecurityActionBody, SecurityState, Session } from '@brickyard/shared';
import { api } from '@/lib/api';
import { saveSession } from '@/lib/session';
import { settingsKeys } from './keys';

export type SecurityActionResult = SecurityState & {
  secret?: string;
  otpauthUrl?: string;
  recoveryCodes?: string[];
  session?: Session;
};

/**
 * PUT /api/settings/security: start_2fa, confirm_2fa, disable_2fa, regenerate_recovery_codes or
 * sign_out_others. The last answers this device's new session, stored like a login.
 */
export async function securityAction(body: SecurityActionBody): Promise<SecurityActionResult> {
  const res = await api.put<{ data: SecurityActionResult }>('/api/settings/security', body);
  return res.data;
}

export function useSecurityAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: securityAction,
    onSuccess: (r) => {
      if (r.session) saveSession(r.session);
      const { secret: _s, otpauthUrl: _o, recoveryCodes: _r, session: _n, ...state } = r;
      qc.setQueryData(settingsKeys.security, state);
    },
  });
}
