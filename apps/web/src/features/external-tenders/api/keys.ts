/** Query keys of the live feed, so mutations can refresh exactly what they change. */
export const externalTenderKeys = {
  all: ['external-tenders'] as const,
  status: ['external-tenders', 'status'] as const,
  search: (params: object) => ['external-tenders', 'search', params] as const,
  searches: ['external-tenders', 'search'] as const,
  top: (limit: number) => ['external-tenders', 'top', limit] as const,
  tops: ['external-tenders', 'top'] as const,
  one: (id: string | undefined) => ['external-tenders', 'one', id] as const,
  favourites: ['external-tenders', 'favourites'] as const,
  favouritesPage: (page: number, pageSize: number) => ['external-tenders', 'favourites', page, pageSize] as const,
  savedSearches: ['external-tenders', 'saved-searches'] as const,
  suggest: (q: string) => ['external-tenders', 'suggest', q] as const,
};
