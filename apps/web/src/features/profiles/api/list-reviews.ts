import { useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '@brickyard/shared';
import { api } from '@/lib/api';
import { profileKeys } from './keys';

interface ReviewsPage {
  data: Review[];
  meta: { page: number; pageSize: number; total: number; average: number | null; count: number };
}

const PAGE_SIZE = 20;

/** GET /api/reviews/{id}: every review a user received, newest first, a page at a time. */
export function useReviews(userId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.reviews(userId),
    queryFn: ({ pageParam, signal }) =>
      api.get<ReviewsPage>(
        `/api/reviews/${encodeURIComponent(userId)}`,
        { page: pageParam, pageSize: PAGE_SIZE },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page * last.meta.pageSize < last.meta.total ? last.meta.page + 1 : undefined,
    enabled,
  });
}
