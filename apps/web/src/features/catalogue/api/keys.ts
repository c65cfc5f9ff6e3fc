import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the catalogue feature; every write invalidates `all`. */
export const catalogueKeys = {
  ...sharedKeys.catalogue,
  list: (params: object) => ['catalogue', 'list', params] as const,
};
