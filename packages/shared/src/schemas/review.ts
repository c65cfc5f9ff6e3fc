import { z } from 'zod';
import { paginationQuerySchema } from './common.ts';
import { reviewSummarySchema } from './profile.ts';

/** Reviews: after a fulfilled contract each side may review the other once. */
export const REVIEW_TEXT_MAX = 2000;

export const createReviewBodySchema = z.object({
  contractId: z.uuid(),
  rating: z.number().int('Whole stars only').min(1, 'At least 1 star').max(5, 'At most 5 stars'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, `At most ${REVIEW_TEXT_MAX} characters`).default(''),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  contractId: z.uuid(),
  tenderTitle: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.object({
    id: z.uuid(),
    name: z.string(),
    companyName: z.string(),
    role: z.enum(['buyer', 'supplier', 'admin']),
  }),
  revieweeId: z.uuid(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = paginationQuerySchema;

export const reviewPageSchema = z.object({
  data: z.array(reviewSchema),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    average: reviewSummarySchema.shape.average,
    count: z.number().int(),
  }),
});
