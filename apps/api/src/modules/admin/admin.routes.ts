import {
  failedJobSchema,
  idParamsSchema,
  retriedJobSchema,
  adminDashboardSchema,
  adminOverviewSchema,
  dashboardQuerySchema,
  adminUserSchema,
  approveUserBodySchema,
  dataOf,
  listUsersQuerySchema,
  pageOf,
} from '@brickyard/shared';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter, memoizedWriter } from '../../platform/http/serializer.ts';
import type { AdminService, AdminUsersPage } from './admin.service.ts';

const tags = ['admin'];
const access = { roles: ['admin'] } as const;

export function adminRoutes(app: App, admin: AdminService) {
  // The dashboard comes from the dashboard cache: each answer is written to JSON once.
  const dashboardBody = memoizedDataWriter(adminDashboardSchema);
  // A kept page of the user list is the same object on each visit: written once.
  const userPages = memoizedWriter<AdminUsersPage>(pageOf(adminUserSchema));
  app.get('/api/auth/users', {
    config: { access },
    schema: {
      tags,
      summary: 'List users (admin)',
      querystring: listUsersQuerySchema,
      response: { 200: pageOf(adminUserSchema) },
    },
    handler: async (req, reply) => {
      const { page, pageSize, ...filter } = req.query;
      return userPages.send(reply, await admin.listUsers(filter, page, pageSize));
    },
  });

  app.post('/api/auth/approve-user', {
    config: { access },
    schema: {
      tags,
      summary: 'Approve a user (admin)',
      body: approveUserBodySchema,
      response: { 200: dataOf(z.object({ id: z.uuid(), approved: z.boolean() })) },
    },
    handler: async (req) => ({ data: await admin.approve(req.body.userId, principalOf(req).id) }),
  });

  app.get('/api/admin/overview', {
    config: { access },
    schema: { tags, summary: 'Admin dashboard figures', response: { 200: dataOf(adminOverviewSchema) } },
    handler: async () => ({ data: await admin.overviewCached() }),
  });

  app.get('/api/admin/dashboard', {
    config: { access },
    schema: {
      tags,
      summary:
        'The admin dashboard in one request: overview, users by state, approvals against 48 h, feed freshness, Bid Assist queue, contact-us, trend',
      querystring: dashboardQuerySchema,
      response: { 200: dataOf(adminDashboardSchema) },
    },
    handler: async (req, reply) => dashboardBody.send(reply, await admin.dashboardCached(req.query)),
  });

  app.get('/api/admin/jobs/failed', {
    config: { access },
    schema: {
      tags,
      summary: 'Background jobs (mail, feed import, billing, digests, matching) that used up their attempts',
      response: { 200: dataOf(z.array(failedJobSchema)) },
    },
    handler: async () => ({ data: await admin.failedJobs() }),
  });

  app.post('/api/admin/jobs/:id/retry', {
    config: { access },
    schema: {
      tags,
      summary: 'Queue a failed background job again',
      params: idParamsSchema,
      response: { 200: dataOf(retriedJobSchema) },
    },
    handler: async (req) => ({ data: await admin.retryJob(req.params.id) }),
  });
}
