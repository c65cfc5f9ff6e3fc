import { sharedKeys } from '@/lib/query-keys';

/** Query keys of public profiles; a change to one's own profile invalidates `all`. */
export const profileKeys = {
  ...sharedKeys.profiles,
  /** A user's profile, or the signed-in user's own (`me`). */
  one: (userId: string | null | undefined) => ['profiles', userId ?? 'me'] as const,
  reviews: (userId: string | null | undefined) => ['profiles', 'reviews', userId] as const,
  logo: (key: string | null | undefined) => ['profiles', 'logo', key] as const,
};
