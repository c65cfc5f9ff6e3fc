import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the tenders feature; every write invalidates `all`. */
export const tenderKeys = {
  ...sharedKeys.tenders,
  buyer: (params: object) => ['tenders', 'buyer', params] as const,
  audit: (id: string | undefined) => ['tenders', 'audit', id] as const,
};
