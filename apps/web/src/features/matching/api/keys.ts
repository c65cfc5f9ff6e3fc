/** Query keys of the matching feature's own queries (the matches themselves: components/matching/api.ts). */
export const searchKeys = {
  marketplace: (params: object) => ['search', params] as const,
};
