/**
 * Query keys of the cached resources that more than one feature reads or refreshes (TanStack Query's
 * key-factory pattern: each key starts with its resource's root, so invalidating the root refreshes
 * every query under it). A feature's own keys are in its `api/keys.ts`, built on these; they live in
 * lib/ because a feature may not import another feature (docs/style.md rule 8).
 */
export const sharedKeys = {
  tenders: {
    all: ['tenders'] as const,
    one: (id: string | null | undefined) => ['tenders', 'one', id] as const,
    /** The buyer's tenders a deal can be recorded against (the award dialog). */
    awardable: ['tenders', 'buyer', 'awardable'] as const,
  },
  catalogue: {
    all: ['catalogue'] as const,
    one: (id: string | null | undefined) => ['catalogue', 'one', id] as const,
    /** A supplier's items offered in the award dialog. */
    awardable: (userId: string | null | undefined) => ['catalogue', 'user', userId, 'award'] as const,
  },
  contracts: {
    all: ['contracts'] as const,
    forTender: (tenderId: string | undefined) => ['contracts', 'tender', tenderId] as const,
  },
  profiles: { all: ['profiles'] as const },
  responses: {
    all: ['responses'] as const,
    /** A tender's priced responses as the award dialog reads them. */
    forAward: (tenderId: string | null | undefined) => ['responses', 'tender', tenderId, 'award'] as const,
  },
  matches: {
    all: ['matches'] as const,
    /** A tender's matched catalogue items as the award dialog reads them. */
    forAward: (tenderId: string | null | undefined) => ['matches', 'recommendations', tenderId, 'award'] as const,
  },
  uploads: {
    allowance: ['uploads', 'allowance'] as const,
    image: (key: string | null) => ['uploads', 'image', key] as const,
  },
  notifications: { all: ['notifications'] as const },
  billing: {
    all: ['billing'] as const,
    info: ['billing', 'info'] as const,
  },
  users: { search: (q: string) => ['users', 'search', q] as const },
  auth: { session: (userId: string | null | undefined) => ['auth', 'session', userId] as const },
};
