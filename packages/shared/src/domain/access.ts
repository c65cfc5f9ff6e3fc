import type { Role } from './roles.ts';

/**
 * docs/product.md section 4: a buyer or supplier is either not approved, approved without a
 * subscription, or approved with one. Admins are never gated.
 */
export type AccessState = 'pending_approval' | 'subscription_required' | 'active';

export interface AccessSubject {
  role: Role;
  approved: boolean;
  hasActiveSubscription: boolean;
}

export function accessStateOf(subject: AccessSubject): AccessState {
  if (subject.role === 'admin') return 'active';
  if (!subject.approved) return 'pending_approval';
  if (!subject.hasActiveSubscription) return 'subscription_required';
  return 'active';
}

export const ACCESS_TOASTS = {
  pending_approval: 'We are in the process of reviewing your account, this can take up to 48 hours',
  subscription_required: 'You need an active subscription to access this feature. Please go to Settings > Billing',
  loginRequired: 'Please login to continue',
} as const;

/** Where a gated user is sent (docs/product.md section 4): profile when not approved, billing otherwise. */
export function gatedSettingsPath(role: 'buyer' | 'supplier', state: AccessState): string | null {
  if (state === 'pending_approval') return `/${role}/settings/profile`;
  if (state === 'subscription_required') return `/${role}/settings/billing`;
  return null;
}
