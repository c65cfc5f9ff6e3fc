import {
  createReviewBodySchema,
  dataOf,
  idParamsSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewSchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedWriter } from '../../platform/http/serializer.ts';
import type { ReviewsPage, ReviewsService } from './reviews.service.ts';

const tags = ['reviews'];

/** docs/product.md section 7: GET /api/reviews/{id?}, POST /api/reviews. Behind the access gate. */
export function reviewsRoutes(app: App, reviews: ReviewsService) {
  // A kept page is the same object on each visit: written once (platform/http/serializer.ts).
  const reviewPages = memoizedWriter<ReviewsPage>(reviewPageSchema);
  app.get('/api/reviews', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Reviews you received, with your average',
      querystring: reviewListQuerySchema,
      response: { 200: reviewPageSchema },
    },
    handler: async (req, reply) => reviewPages.send(reply, await reviews.list(principalOf(req), undefined, req.query)),
  });

  app.get('/api/reviews/:id', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Reviews of a user (as visible as their profile), with the average',
      params: idParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewPageSchema },
    },
    handler: async (req, reply) =>
      reviewPages.send(reply, await reviews.list(principalOf(req), req.params.id, req.query)),
  });

  app.post('/api/reviews', {
    config: { access: { roles: ['buyer', 'supplier'] } },
    schema: {
      tags,
      summary: 'Review the other side of a fulfilled contract, once',
      body: createReviewBodySchema,
      response: { 201: dataOf(reviewSchema) },
    },
    handler: async (req, reply) => reply.status(201).send({ data: await reviews.create(principalOf(req), req.body) }),
  });
}
