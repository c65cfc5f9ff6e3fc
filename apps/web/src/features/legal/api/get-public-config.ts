import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { SUPPORT_EMAIL } from '@/lib/contact-info';
import { publicKeys } from './keys';

export interface PublicConfig {
  supportEmail: string;
}

/** GET /api/public/config: the support mailbox the server is configured with (SUPPORT_EMAIL). */
export async function getPublicConfig(): Promise<PublicConfig> {
  const res = await api.get<{ data: PublicConfig }>('/api/public/config');
  return res.data;
}

/**
 * The privacy contact. Until the answer arrives, or if the call fails, it is the default mailbox
 * (support@brickyard.test), so the policy always names someone to write to.
 */
export function useSupportEmail(): string {
  const { data } = useQuery({
    queryKey: publicKeys.config,
    queryFn: getPublicConfig,
    staleTime: Infinity,
    retry: false,
  });
  return data?.supportEmail ?? SUPPORT_EMAIL;
}
