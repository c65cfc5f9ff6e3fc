import { sharedKeys } from '@/lib/query-keys';

/** Query keys of billing; an upgrade invalidates `all`. */
export const billingKeys = {
  ...sharedKeys.billing,
  details: ['billing', 'details'] as const,
};
