import { createAdminService } from '../modules/admin/admin.service.ts';
import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { createDashboardService } from '../modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { createBidAssistService } from '../modules/bid-assist/bid-assist.service.ts';
import { bidAssistRoutes } from '../modules/bid-assist/bid-assist.routes.ts';
import { registerBillingJobs } from '../modules/billing/billing.jobs.ts';
import { billingRoutes } from '../modules/billing/billing.routes.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createCatalogueService } from '../modules/catalogue/catalogue.service.ts';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.ts';
import { createContactService } from '../modules/contact/contact.service.ts';
import { contactRoutes } from '../modules/contact/contact.routes.ts';
import { createDealsService } from '../modules/deals/deals.service.ts';
import { dealsRoutes } from '../modules/deals/deals.routes.ts';
import { createExternalTendersService } from '../modules/external-tenders/external-tenders.service.ts';
import { externalTendersRoutes } from '../modules/external-tenders/external-tenders.routes.ts';
import { registerFeedJobs } from '../modules/external-tenders/feed-jobs.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { createMatchingService } from '../modules/matching/matching.service.ts';
import { matchingRoutes } from '../modules/matching/matching.routes.ts';
import { registerMatchingJobs } from '../modules/matching/matching.queue.ts';
import { createMessagingService } from '../modules/messaging/messaging.service.ts';
import { messagingRoutes } from '../modules/messaging/messaging.routes.ts';
import { registerNotificationDigest } from '../modules/notifications/notifications.digest.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.ts';
import { createProfilesService } from '../modules/profiles/profiles.service.ts';
import { profilesRoutes } from '../modules/profiles/profiles.routes.ts';
import { publicConfigRoutes } from '../modules/public-config/public-config.routes.ts';
import { registerRealtime } from '../modules/realtime/realtime.routes.ts';
import { createResponsesService } from '../modules/responses/responses.service.ts';
import { responsesRoutes } from '../modules/responses/responses.routes.ts';
import { createReviewsService } from '../modules/reviews/reviews.service.ts';
import { reviewsRoutes } from '../modules/reviews/reviews.routes.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { searchRoutes } from '../modules/search/search.routes.ts';
import { createSettingsService } from '../modules/settings/settings.service.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { createTendersService } from '../modules/tenders/tenders.service.ts';
import { tendersRoutes } from '../modules/tenders/tenders.routes.ts';
import { createUploadsService } from '../modules/uploads/uploads.service.ts';
import { uploadsRoutes } from '../modules/uploads/uploads.routes.ts';
import type { App, AppContext } from '../platform/context.ts';

/**
 * The feature modules: each builds its service from the shared context and adds its routes (and
 * any jobs), one line each. The few services another module needs (uploads, auth, billing,
 * realtime, matching) are built once here and handed over, so modules never build each other.
 */
export function registerModules(app: App, ctx: AppContext): void {
  const { config } = ctx;
  healthRoutes(app, ctx);
  publicConfigRoutes(app, ctx);
  const auth = createAuthService(ctx);
  authRoutes(app, auth, { loginPerIp: Math.max(50, config.loginAttemptsPer15Min * 5) });
  adminRoutes(app, createAdminService(ctx));
  const billing = createBillingService(ctx);
  billingRoutes(app, billing);
  registerBillingJobs(ctx, billing);
  contactRoutes(app, createContactService(ctx));
  notificationsRoutes(app, createNotificationsService(ctx), { publicUrl: config.publicUrl });
  const uploads = createUploadsService(ctx);
  uploadsRoutes(app, uploads, { maxBytes: config.uploadMaxBytes });
  tendersRoutes(app, createTendersService(ctx, uploads));
  catalogueRoutes(app, createCatalogueService(ctx, uploads));
  externalTendersRoutes(app, createExternalTendersService(ctx));
  registerFeedJobs(app, ctx);
  profilesRoutes(app, createProfilesService(ctx));
  settingsRoutes(app, createSettingsService(ctx, { auth, billing }));
  dealsRoutes(app, createDealsService(ctx));
  responsesRoutes(app, createResponsesService(ctx, uploads));
  reviewsRoutes(app, createReviewsService(ctx));
  const realtime = registerRealtime(app, ctx);
  messagingRoutes(app, createMessagingService(ctx, realtime));
  registerNotificationDigest(ctx);
  const matching = createMatchingService(ctx);
  matchingRoutes(app, matching);
  registerMatchingJobs(ctx, matching);
  searchRoutes(app, createSearchService(ctx), { perMinute: config.searchesPerMinute });
  bidAssistRoutes(app, createBidAssistService(ctx));
  dashboardRoutes(app, createDashboardService(ctx));
}
