import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { contractKeys } from './keys';

/** POST /api/reviews: review the other side of a fulfilled contract, once. */
export async function createReview(body: CreateReviewBody): Promise<Review> {
  const res = await api.post<{ data: Review }>('/api/reviews', body);
  return res.data;
}

export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: contractKeys.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.profiles.all }),
      ]),
  });
}
