import { AppError, type Review, type createReviewBodySchema, type reviewPageSchema } from '@brickyard/shared';
import type { z } from 'zod';
import { createKeptByState } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { notify } from '../notifications/notifications.service.ts';
import { profileAccessAndListState } from '../profiles/profiles.service.ts';
import * as repo from './reviews.repository.ts';

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** GET /api/reviews/{id?}: a page as the API answers it. */
export type ReviewsPage = z.output<typeof reviewPageSchema>;

export function toReview(f: repo.FullReview): Review {
  return {
    id: f.r.id,
    contractId: f.r.contractId,
    tenderTitle: f.tenderTitle,
    rating: f.r.rating,
    text: f.r.text,
    reviewer: {
      id: f.r.reviewerId,
      name: `${f.reviewerFirst} ${f.reviewerLast}`.trim(),
      companyName: f.reviewerCompany,
      role: f.reviewerRole,
    },
    revieweeId: f.r.revieweeId,
    createdAt: f.r.createdAt.toISOString(),
  };
}

/** Reviews: after a fulfilled contract each side may review the other once (rating 1–5, text). */
export function createReviewsService(ctx: AppContext) {
  const { db } = ctx;
  // Kept per reviewee and page while nothing the list shows has changed (db/owner-pages.ts): the
  // state is read with who may see them.
  const reviewPages = createKeptByState<ReviewsPage>();
  return {
    /** POST /api/reviews */
    async create(caller: Principal, body: z.output<typeof createReviewBodySchema>): Promise<Review> {
      const c = await repo.findContract(db, body.contractId);
      const side = c?.buyerId === caller.id ? 'buyer' : c?.supplierId === caller.id ? 'supplier' : null;
      if (!c || !side) throw new AppError('NOT_FOUND', 'Contract not found');
      if (c.status !== 'fulfilled')
        throw new AppError('INVALID_STATE', 'You can review once the contract is fulfilled');
      const revieweeId = side === 'buyer' ? c.supplierId : c.buyerId;
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertReview(tx, {
          contractId: c.id,
          reviewerId: caller.id,
          revieweeId,
          rating: body.rating,
          text: body.text,
        });
        if (!inserted) throw new AppError('CONFLICT', 'You have already reviewed this contract');
        await notify(tx, {
          userId: revieweeId,
          kind: 'review_received',
          title: 'New review',
          body: `${caller.companyName} rated “${c.tenderTitle}” ${body.rating} out of 5.`,
          link: side === 'buyer' ? '/supplier/profile' : '/buyer/profile',
        });
        return inserted;
      });
      return toReview((await repo.findReview(db, row.id))!);
    },

    /** GET /api/reviews/{userId} (as visible as the profile) or GET /api/reviews (your own received). */
    async list(caller: Principal, userId: string | undefined, q: { page: number; pageSize: number }) {
      const ownerId = userId ?? caller.id;
      // Who may see the reviews and where the owner's reviews stand, in one statement.
      const { owner, state } = await profileAccessAndListState(db, caller, ownerId, 'reviews');
      return reviewPages.answer(`${owner.id} ${q.page} ${q.pageSize}`, state, async () => {
        const { rows, total, average } = await repo.listReceived(db, owner.id, q.page, q.pageSize);
        return { data: rows.map(toReview), meta: { page: q.page, pageSize: q.pageSize, total, average, count: total } };
      });
    },
  };
}
