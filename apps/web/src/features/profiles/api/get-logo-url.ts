import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profileKeys } from './keys';

/** The logo's storage key turned into a download link (GET /api/upload/presigned-download-url?key). */
export function useLogoUrl(key: string | null | undefined) {
  return useQuery({
    queryKey: profileKeys.logo(key),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ downloadURL: string }>('/api/upload/presigned-download-url', { key: key! }, signal);
      return res.downloadURL;
    },
    enabled: !!key,
    retry: false,
    // signed links expire; refetch well before
    staleTime: 5 * 60_000,
  });
}
