import {
  AppError,
  type BillingCycle,
  type BillingDetails,
  type BillingInfo,
  type Invoice,
  PLANS,
  PROMO_CODES,
  type PlanType,
  type UpgradeBody,
  type UpgradeResult,
  firstPeriodPricePence,
  isPromoCode,
  periodPricePence,
} from '@brickyard/shared';
import { createOwnerPages } from '../../db/owner-pages.ts';
import type { AppContext } from '../../platform/context.ts';
import { findUserById } from '../users/users.service.ts';
import * as repo from './billing.repository.ts';
import { createWebhookHandler } from './billing.webhooks.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { billedTo, issueInvoice } from './invoices.ts';
import {
  classifyChange,
  draftInvoice,
  isInForce,
  lifecycleStep,
  periodEndFrom,
  planLine,
  upgradeInvoice,
  type InvoiceDraftLine,
} from './lifecycle.ts';
import { quotaMonth } from './quota.service.ts';

export type BillingService = ReturnType<typeof createBillingService>;

/** The calendar month usage counts in (yyyy-MM); kept for callers of the foundation issue. */
export const currentMonth = (now = new Date()) => quotaMonth(now);

type PayingRole = 'buyer' | 'supplier';

const toInvoice = (i: repo.InvoiceRow): Invoice => ({
  id: i.id,
  number: i.number,
  issuedAt: i.issuedAt.toISOString(),
  description: i.description,
  netPence: i.netPence,
  vatPence: i.vatPence,
  totalPence: i.totalPence,
  status: i.status,
  pdfUrl: `/api/billing/invoices/${i.id}/pdf`,
  periodStart: i.periodStart?.toISOString() ?? null,
  periodEnd: i.periodEnd?.toISOString() ?? null,
  lines: i.lines ?? [{ description: i.description, amountPence: i.netPence }],
});

/** The first of the instants an answer shows that is still ahead (when a period or grace ends, it changes). */
export function nextChangeOf(info: BillingInfo, now: number): number | null {
  const ahead = [info.subscription?.currentPeriodEnd, info.subscription?.graceUntil]
    .map((at) => (at ? Date.parse(at) : NaN))
    .filter((at) => at > now);
  return ahead.length ? Math.min(...ahead) : null;
}

export function createBillingService(ctx: AppContext) {
  const { db, payments, config } = ctx;
  // GET /api/billing/info, kept per user and month while their plan, subscription, invoices and
  // usage are unchanged and no period or grace end has passed (db/owner-pages.ts).
  const infoPages = createOwnerPages<BillingInfo>('billing', { maxRows: 20_000 });
  const detailPages = createOwnerPages<BillingDetails>('billing', { maxRows: 20_000 });

  async function info(userId: string, now = new Date()): Promise<BillingInfo> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    const month = quotaMonth(now);
    const [sub, invoiceRows, usage] = await Promise.all([
      repo.findSubscription(db, userId),
      repo.listInvoices(db, userId),
      repo.usageThisMonth(db, userId, month),
    ]);
    const active = !!sub && isInForce(sub, now);
    const limits = PLANS[active ? sub.plan : user.selectedPlan].limits;
    const renewing = active && !sub.cancelAtPeriodEnd;
    const renewalDate = renewing ? sub.currentPeriodEnd.toISOString() : null;
    return {
      selectedPlan: user.selectedPlan,
      selectedCycle: user.selectedCycle,
      hasActiveSubscription: active,
      subscription: sub
        ? {
            plan: sub.plan,
            cycle: sub.cycle,
            status: active ? sub.status : sub.status === 'cancelled' ? 'cancelled' : 'expired',
            currentPeriodStart: sub.currentPeriodStart.toISOString(),
            currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            promoCode: sub.promoCode,
            pricePaidPence: sub.pricePaidPence,
            renewalDate,
            renewalPricePence: renewing
              ? periodPricePence(sub.scheduledPlan ?? sub.plan, sub.scheduledCycle ?? sub.cycle)
              : null,
            scheduledPlan: active ? sub.scheduledPlan : null,
            scheduledCycle: active ? sub.scheduledCycle : null,
            graceUntil: sub.status === 'past_due' ? (sub.graceUntil?.toISOString() ?? null) : null,
            creditPence: sub.creditPence,
          }
        : null,
      renewalDate,
      usageMonth: month,
      usage: {
        bidAssist: { used: usage.bid_assist ?? 0, limit: limits.bidAssistPerMonth },
        uploads: { used: usage.uploads ?? 0, limit: limits.uploadsPerMonth },
        matchesPerItem: limits.matchesPerItem,
      },
      invoices: invoiceRows.map(toInvoice),
      provider: payments.name,
    };
  }

  /** A new subscription (none before, or the last one is over): checkout at the provider. */
  async function start(
    userId: string,
    role: PayingRole | undefined,
    email: string,
    to: { plan: PlanType; cycle: BillingCycle },
    promo: string | null,
    previous: repo.SubscriptionRow | undefined,
  ): Promise<UpgradeResult> {
    const net = firstPeriodPricePence(to.plan, to.cycle, promo)!;
    const account = await repo.findBillingAccount(db, userId);
    const result = await payments.checkout({
      userId,
      email,
      role,
      plan: to.plan,
      cycle: to.cycle,
      promoCode: promo,
      firstPeriodNetPence: net,
      customerId: account?.providerCustomerId ?? null,
    });
    if (result.kind === 'redirect') {
      if (result.customerId && result.customerId !== account?.providerCustomerId) {
        await repo.upsertBillingAccount(db, userId, { providerCustomerId: result.customerId });
      }
      return { status: 'redirect', url: result.url, change: 'started', effectiveAt: null };
    }

    const now = new Date();
    const end = periodEndFrom(now, to.cycle);
    await db.transaction(async (tx) => {
      const locked = await repo.lockSubscription(tx, userId);
      if (locked && isInForce(locked, now))
        throw new AppError('CONFLICT', 'A subscription was started meanwhile; reload the billing page');
      const full = periodPricePence(to.plan, to.cycle)!;
      const priceLine = { description: planLine(to.plan, to.cycle, now, end), amountPence: full };
      const lines: InvoiceDraftLine[] = [priceLine];
      if (promo)
        lines.push({
          description: `${promo}: ${PROMO_CODES.EARLYBIRD.percentOff}% off the first month`,
          amountPence: net - full,
        });
      // Credit left from an earlier subscription is used up first.
      const draft = draftInvoice(
        { description: 'subtotal', amountPence: net },
        locked?.creditPence ?? previous?.creditPence ?? 0,
      );
      if (draft.lines.length > 1) lines.push(draft.lines[1]!);
      await repo.upsertSubscription(tx, {
        userId,
        plan: to.plan,
        cycle: to.cycle,
        status: 'active',
        provider: payments.name,
        providerRef: result.providerRef,
        promoCode: promo,
        pricePaidPence: net,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        scheduledCycle: null,
        graceUntil: null,
        creditPence: draft.creditLeftPence,
      });
      await issueInvoice(tx, userId, {
        lines,
        netPence: draft.netPence,
        periodStart: now,
        periodEnd: end,
        issuedAt: now,
      });
    });
    return { status: 'active', url: null, change: 'started', effectiveAt: now.toISOString() };
  }

  /** A plan change of a subscription in force (rules in lifecycle.ts and README.md). */
  async function change(
    userId: string,
    current: repo.SubscriptionRow,
    to: { plan: PlanType; cycle: BillingCycle },
  ): Promise<UpgradeResult> {
    const now = new Date();
    const kind = classifyChange(current, to);
    const remote = payments.billsItself && current.provider !== 'local';

    if (kind === 'same') {
      if (remote && (current.scheduledPlan || current.scheduledCycle)) {
        await payments.changePlan({
          providerRef: current.providerRef,
          plan: to.plan,
          cycle: to.cycle,
          timing: 'period_end',
        });
      }
      if (remote && current.cancelAtPeriodEnd)
        await payments.setCancelAtPeriodEnd({ providerRef: current.providerRef, cancel: false });
      await repo.updateSubscription(db, userId, {
        scheduledPlan: null,
        scheduledCycle: null,
        cancelAtPeriodEnd: false,
      });
      return { status: 'active', url: null, change: 'unchanged', effectiveAt: null };
    }

    if (kind === 'downgrade') {
      if (remote) {
        await payments.changePlan({
          providerRef: current.providerRef,
          plan: to.plan,
          cycle: to.cycle,
          timing: 'period_end',
        });
        if (current.cancelAtPeriodEnd)
          await payments.setCancelAtPeriodEnd({ providerRef: current.providerRef, cancel: false });
      }
      await repo.updateSubscription(db, userId, {
        scheduledPlan: to.plan,
        scheduledCycle: to.cycle,
        cancelAtPeriodEnd: false,
      });
      return { status: 'active', url: null, change: 'scheduled', effectiveAt: current.currentPeriodEnd.toISOString() };
    }

    // Upgrade: in force at once.
    if (remote) {
      // Stripe prorates and invoices now; its invoice.paid webhook records the invoice and period.
      await payments.changePlan({ providerRef: current.providerRef, plan: to.plan, cycle: to.cycle, timing: 'now' });
      if (current.cancelAtPeriodEnd)
        await payments.setCancelAtPeriodEnd({ providerRef: current.providerRef, cancel: false });
      await repo.updateSubscription(db, userId, {
        plan: to.plan,
        cycle: to.cycle,
        scheduledPlan: null,
        scheduledCycle: null,
        cancelAtPeriodEnd: false,
      });
      return { status: 'active', url: null, change: 'upgraded', effectiveAt: now.toISOString() };
    }
    await db.transaction(async (tx) => {
      const sub = await repo.lockSubscription(tx, userId);
      if (!sub || !isInForce(sub, now) || classifyChange(sub, to) !== 'upgrade') {
        throw new AppError('CONFLICT', 'Your subscription changed meanwhile; reload the billing page');
      }
      const inv = upgradeInvoice(sub, to, now);
      await repo.updateSubscription(tx, userId, {
        plan: to.plan,
        cycle: to.cycle,
        status: 'active',
        pricePaidPence: inv.pricePence,
        promoCode: null,
        currentPeriodStart: inv.periodStart,
        currentPeriodEnd: inv.periodEnd,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        scheduledCycle: null,
        graceUntil: null,
        creditPence: inv.creditLeftPence,
      });
      await issueInvoice(tx, userId, {
        lines: inv.lines,
        netPence: inv.netPence,
        periodStart: inv.periodStart,
        periodEnd: inv.periodEnd,
        issuedAt: now,
      });
    });
    return { status: 'active', url: null, change: 'upgraded', effectiveAt: now.toISOString() };
  }

  async function inForceOrThrow(userId: string, message: string) {
    const sub = await repo.findSubscription(db, userId);
    if (!sub || !isInForce(sub, new Date())) throw new AppError('INVALID_STATE', message);
    return sub;
  }

  return {
    info,
    /** GET /api/billing/info */
    keptInfo(userId: string): Promise<BillingInfo> {
      const now = new Date();
      return infoPages.answer(
        db,
        userId,
        quotaMonth(now),
        () => info(userId, now),
        (answer) => nextChangeOf(answer, now.getTime()),
      );
    },

    /**
     * POST /api/billing/upgrade: starts a subscription (checkout), or changes the one in force:
     * upgrades at once, downgrades and shorter cycles at the period end.
     */
    async upgrade(
      userId: string,
      body: Required<Pick<UpgradeBody, 'planType'>> & UpgradeBody,
      role?: PayingRole,
    ): Promise<UpgradeResult> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      const plan = PLANS[body.planType];
      const cycle = body.billingCycle ?? 'monthly';
      if (!plan.selfCheckout) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The Partner plan is arranged with our team. Book a meeting to set it up.',
          [{ path: 'planType', message: 'Partner plans cannot be bought online' }],
        );
      }
      const promo = body.promoCode?.trim().toUpperCase() || null;
      if (promo && !isPromoCode(promo)) {
        throw new AppError('INVALID_PROMO_CODE', `The promo code ${promo} is not valid`, [
          { path: 'promoCode', message: 'This code is not valid' },
        ]);
      }
      const existing = await repo.findSubscription(db, userId);
      if (promo && existing) {
        throw new AppError('INVALID_PROMO_CODE', `${PROMO_CODES.EARLYBIRD.code} applies to your first month only`, [
          { path: 'promoCode', message: 'This code applies to a first subscription only' },
        ]);
      }
      const to = { plan: plan.type, cycle };
      const result =
        existing && isInForce(existing, new Date())
          ? await change(userId, existing, to)
          : await start(userId, role, user.email, to, promo, existing);
      ctx.principals.invalidate(userId);
      return result;
    },

    /** POST /api/billing/cancel: ends at the period end; access continues until then. */
    async cancel(userId: string): Promise<BillingInfo> {
      const sub = await inForceOrThrow(userId, 'You have no active subscription to cancel');
      if (!sub.cancelAtPeriodEnd) {
        if (payments.billsItself && sub.provider !== 'local')
          await payments.setCancelAtPeriodEnd({ providerRef: sub.providerRef, cancel: true });
        await repo.updateSubscription(db, userId, { cancelAtPeriodEnd: true });
      }
      ctx.principals.invalidate(userId);
      return info(userId);
    },

    /** POST /api/billing/resume: takes back a cancellation before the period end. */
    async resume(userId: string): Promise<BillingInfo> {
      const sub = await inForceOrThrow(userId, 'Your subscription has ended. Choose a plan to start a new one.');
      if (sub.cancelAtPeriodEnd) {
        if (payments.billsItself && sub.provider !== 'local')
          await payments.setCancelAtPeriodEnd({ providerRef: sub.providerRef, cancel: false });
        await repo.updateSubscription(db, userId, { cancelAtPeriodEnd: false });
      }
      ctx.principals.invalidate(userId);
      return info(userId);
    },

    /** POST /api/billing/customer-portal: Stripe's Billing Portal, or the in-app billing page. */
    async customerPortal(userId: string, role: PayingRole): Promise<{ url: string }> {
      const account = await repo.findBillingAccount(db, userId);
      return payments.portal({
        customerId: account?.providerCustomerId ?? null,
        returnUrl: `${config.publicUrl}/${role}/settings/billing`,
      });
    },

    /** GET /api/billing/invoices/{id}/pdf: the owner's invoice as a PDF; anyone else's is not found. */
    async invoicePdf(userId: string, invoiceId: string): Promise<{ fileName: string; pdf: Buffer }> {
      const inv = await repo.findInvoice(db, userId, invoiceId);
      if (!inv) throw new AppError('NOT_FOUND', 'Invoice not found');
      const pdf = await invoicePdf(
        {
          number: inv.number,
          issuedAt: inv.issuedAt,
          periodStart: inv.periodStart,
          periodEnd: inv.periodEnd,
          status: inv.status,
          lines: inv.lines ?? [{ description: inv.description, amountPence: inv.netPence }],
          netPence: inv.netPence,
          vatPence: inv.vatPence,
          totalPence: inv.totalPence,
          billedTo: inv.billedTo ?? (await billedTo(db, userId)),
        },
        config.billing.seller,
        config.supportEmail,
      );
      return { fileName: `${inv.number}.pdf`, pdf };
    },

    /** GET /api/settings/billing: stored details, else the account's company name and email. */
    /** GET /api/settings/billing: kept under the user's billing version (their names and details). */
    getDetails: (userId: string): Promise<BillingDetails> =>
      detailPages.answer(db, userId, 'details', () => billedTo(db, userId)),

    async putDetails(userId: string, details: BillingDetails): Promise<BillingDetails> {
      await repo.upsertBillingAccount(db, userId, details);
      return billedTo(db, userId);
    },

    webhook: createWebhookHandler(ctx),

    /**
     * One run of the lifecycle job: renews, ends and expires what the calendar says (lifecycle.ts),
     * each subscription in its own transaction with its row locked. Missed periods are caught up.
     */
    async runLifecycle(now = new Date()): Promise<{ renewed: number; ended: number }> {
      let renewed = 0;
      let ended = 0;
      const due = await repo.dueSubscriptions(db, now, 500);
      for (const { userId } of due) {
        try {
          await db.transaction(async (tx) => {
            for (let i = 0; i < 60; i++) {
              const sub = await repo.lockSubscription(tx, userId);
              if (!sub) return;
              const step = lifecycleStep(sub, now);
              if (step.kind === 'none') return;
              if (step.kind === 'end') {
                await repo.updateSubscription(tx, userId, { status: step.status, graceUntil: null });
                ended++;
                return;
              }
              await repo.updateSubscription(tx, userId, {
                plan: step.plan,
                cycle: step.cycle,
                status: 'active',
                currentPeriodStart: step.periodStart,
                currentPeriodEnd: step.periodEnd,
                pricePaidPence: step.pricePence ?? sub.pricePaidPence,
                promoCode: null,
                scheduledPlan: null,
                scheduledCycle: null,
                graceUntil: null,
                creditPence: step.invoice?.creditLeftPence ?? sub.creditPence,
              });
              if (step.invoice) {
                await issueInvoice(tx, userId, {
                  lines: step.invoice.lines,
                  netPence: step.invoice.netPence,
                  periodStart: step.periodStart,
                  periodEnd: step.periodEnd,
                  issuedAt: step.periodStart,
                });
              }
              renewed++;
            }
          });
          ctx.principals.invalidate(userId);
        } catch (err) {
          ctx.log.warn({ err, userId }, 'billing: lifecycle step failed');
        }
      }
      return { renewed, ended };
    },
  };
}
