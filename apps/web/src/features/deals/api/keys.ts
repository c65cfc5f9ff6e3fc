import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the deals feature (contracts). */
export const contractKeys = {
  ...sharedKeys.contracts,
  forUser: (userId: string | undefined, params: object) => ['contracts', 'user', userId, params] as const,
};
