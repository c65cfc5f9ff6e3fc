import { z } from 'zod';
import { PLAN_TYPES } from '../domain/plans.ts';
import { ROLES } from '../domain/roles.ts';
import { paginationQuerySchema } from './common.ts';

export const listUsersQuerySchema = paginationQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  approved: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  role: z.enum(ROLES),
  approved: z.boolean(),
  emailVerified: z.boolean(),
  plan: z.enum(PLAN_TYPES).nullable(),
  hasActiveSubscription: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const approveUserBodySchema = z.object({ userId: z.uuid() });

export const adminOverviewSchema = z.object({
  usersByRole: z.object({ buyer: z.number(), supplier: z.number(), admin: z.number() }),
  awaitingApproval: z.number(),
  oldestAwaitingHours: z.number().nullable(),
  activeSubscriptions: z.object({ CORE: z.number(), GROWTH: z.number(), PARTNER: z.number() }),
  monthlyRecurringRevenuePence: z.number(),
  contactMessages: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** A background job that used up its attempts (GET /api/admin/jobs/failed). */
export const failedJobSchema = z.object({
  id: z.uuid(),
  /** the queue: 'mail', 'feed-import', 'billing-lifecycle', 'notification-digest', 'matching' */
  name: z.string(),
  /** what the job was about, e.g. a mail's recipient and subject; null when it carries nothing to show */
  about: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const retriedJobSchema = z.object({ id: z.uuid(), retried: z.literal(true) });
