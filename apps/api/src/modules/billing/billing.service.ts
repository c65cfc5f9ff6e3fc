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
  vatPence,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { BilledTo } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ProviderEvent } from '../../platform/payments/provider.ts';
import { findUserById } from '../users/users.service.ts';
import * as repo from './billing.repository.ts';
import { invoicePdf } from './invoice-pdf.ts';
import {
  classifyChange,
  draftInvoice,
  graceUntilFrom,
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

export function createBillingService(ctx: AppContext) {
  const { db, payments, config } = ctx;

  async function billedTo(tx: DbOrTx, userId: string): Promise<BilledTo> {
    const [user, account] = await Promise.all([findUserById(tx, userId), repo.findBillingAccount(tx, userId)]);
    return {
      companyName: account?.companyName ?? user?.companyName ?? '',
      billingEmail: account?.billingEmail ?? user?.email ?? '',
      addressLine1: account?.addressLine1 ?? null,
      addressLine2: account?.addressLine2 ?? null,
      city: account?.city ?? null,
      postcode: account?.postcode ?? null,
      country: account?.country ?? null,
      vatNumber: account?.vatNumber ?? null,
    };
  }

  /** Issues an invoice for `lines` (net), VAT at 20% unless the provider says otherwise. */
  async function issueInvoice(
    tx: DbOrTx,
    userId: string,
    inv: {
      lines: InvoiceDraftLine[];
      netPence: number;
      vatPence?: number | null;
      periodStart: Date | null;
      periodEnd: Date | null;
      issuedAt?: Date;
      providerRef?: string | null;
    },
  ) {
    const vat = inv.vatPence ?? vatPence(inv.netPence);
    return repo.insertInvoice(tx, {
      userId,
      description: inv.lines.map((l) => l.description).join('; '),
      lines: inv.lines,
      netPence: inv.netPence,
      vatPence: vat,
      totalPence: inv.netPence + vat,
      status: 'paid',
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
      issuedAt: inv.issuedAt,
      providerRef: inv.providerRef ?? null,
      billedTo: await billedTo(tx, userId),
    });
  }

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

  /** Applies one verified webhook event inside the transaction that records it; returns the user touched. */
  async function applyEvent(tx: DbOrTx, e: ProviderEvent): Promise<string | null> {
    if (e.type === 'ignored') return null;
    const findSub = async (ref: string | null, customerId: string | null) => {
      const byRef = ref ? await repo.lockSubscriptionByProviderRef(tx, ref) : undefined;
      if (byRef) return { sub: byRef, userId: byRef.userId };
      const userId = customerId ? await repo.findUserIdByCustomer(tx, customerId) : undefined;
      return { sub: userId ? await repo.lockSubscription(tx, userId) : undefined, userId: userId ?? null };
    };

    switch (e.type) {
      case 'checkout_completed': {
        let userId = e.userId && (await repo.userExists(tx, e.userId)) ? e.userId : null;
        if (!userId && e.customerId) userId = (await repo.findUserIdByCustomer(tx, e.customerId)) ?? null;
        if (!userId) {
          ctx.log.warn({ event: e.id }, 'billing: checkout completed for an unknown user');
          return null;
        }
        const now = new Date();
        const existing = await repo.lockSubscription(tx, userId);
        const user = await findUserById(tx, userId);
        const plan = e.plan ?? existing?.plan ?? user?.selectedPlan ?? 'CORE';
        const cycle = e.cycle ?? existing?.cycle ?? user?.selectedCycle ?? 'monthly';
        // invoice.paid may have arrived first and set the real period: keep the later end.
        const sameSub = existing && existing.providerRef === e.subscriptionRef;
        const end = periodEndFrom(now, cycle);
        await repo.upsertSubscription(tx, {
          userId,
          plan,
          cycle,
          status: 'active',
          provider: payments.name,
          providerRef: e.subscriptionRef,
          promoCode: e.promoCode,
          pricePaidPence: e.amountPence ?? firstPeriodPricePence(plan, cycle, e.promoCode) ?? 0,
          currentPeriodStart: sameSub ? existing.currentPeriodStart : now,
          currentPeriodEnd: sameSub && existing.currentPeriodEnd > end ? existing.currentPeriodEnd : end,
          cancelAtPeriodEnd: false,
          scheduledPlan: null,
          scheduledCycle: null,
          graceUntil: null,
          creditPence: existing?.creditPence ?? 0,
        });
        if (e.customerId) await repo.upsertBillingAccount(tx, userId, { providerCustomerId: e.customerId });
        return userId;
      }
      case 'invoice_paid': {
        const { sub, userId } = await findSub(e.subscriptionRef, e.customerId);
        if (!userId) {
          ctx.log.warn({ event: e.id }, 'billing: invoice paid for an unknown customer');
          return null;
        }
        const cycleRenewal = e.billingReason === 'subscription_cycle';
        if (sub) {
          const plan = e.plan ?? (cycleRenewal ? (sub.scheduledPlan ?? sub.plan) : sub.plan);
          const cycle = e.cycle ?? (cycleRenewal ? (sub.scheduledCycle ?? sub.cycle) : sub.cycle);
          const applied = cycleRenewal || (plan === sub.scheduledPlan && cycle === (sub.scheduledCycle ?? sub.cycle));
          await repo.updateSubscription(tx, userId, {
            plan,
            cycle,
            status: 'active',
            graceUntil: null,
            providerRef: e.subscriptionRef ?? sub.providerRef,
            ...(e.periodStart && e.periodEnd
              ? { currentPeriodStart: e.periodStart, currentPeriodEnd: e.periodEnd }
              : {}),
            ...(e.netPence > 0 ? { pricePaidPence: e.netPence } : {}),
            ...(cycleRenewal ? { promoCode: null } : {}),
            ...(applied ? { scheduledPlan: null, scheduledCycle: null } : {}),
          });
        } else if (e.plan && e.cycle && e.periodStart && e.periodEnd) {
          // invoice.paid before checkout.session.completed: start the subscription from the invoice.
          await repo.upsertSubscription(tx, {
            userId,
            plan: e.plan,
            cycle: e.cycle,
            status: 'active',
            provider: payments.name,
            providerRef: e.subscriptionRef,
            pricePaidPence: e.netPence,
            currentPeriodStart: e.periodStart,
            currentPeriodEnd: e.periodEnd,
          });
        }
        if (!(await repo.invoiceExists(tx, e.invoiceRef))) {
          await issueInvoice(tx, userId, {
            lines: e.lines.length ? e.lines : [{ description: 'Brickyard subscription', amountPence: e.netPence }],
            netPence: e.netPence,
            vatPence: e.vatPence,
            periodStart: e.periodStart,
            periodEnd: e.periodEnd,
            issuedAt: e.issuedAt,
            providerRef: e.invoiceRef,
          });
        }
        return userId;
      }
      case 'payment_failed': {
        const { sub, userId } = await findSub(e.subscriptionRef, e.customerId);
        if (!sub || !userId) return null;
        if (sub.status !== 'active' && sub.status !== 'past_due') return userId;
        await repo.updateSubscription(tx, userId, {
          status: 'past_due',
          graceUntil: sub.graceUntil ?? graceUntilFrom(e.failedAt, config.billing.graceDays),
        });
        return userId;
      }
      case 'subscription_updated': {
        const { sub, userId } = await findSub(e.subscriptionRef, null);
        if (!sub || !userId) return null;
        await repo.updateSubscription(tx, userId, { cancelAtPeriodEnd: e.cancelAtPeriodEnd });
        return userId;
      }
      case 'subscription_deleted': {
        const { sub, userId } = await findSub(e.subscriptionRef, null);
        if (!sub || !userId) return null;
        await repo.updateSubscription(tx, userId, {
          status: 'cancelled',
          currentPeriodEnd: sub.currentPeriodEnd < e.endedAt ? sub.currentPeriodEnd : e.endedAt,
          graceUntil: null,
          scheduledPlan: null,
          scheduledCycle: null,
        });
        return userId;
      }
    }
  }

  return {
    info,

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
    async getDetails(userId: string): Promise<BillingDetails> {
      const b = await billedTo(db, userId);
      return b;
    },

    async putDetails(userId: string, details: BillingDetails): Promise<BillingDetails> {
      await repo.upsertBillingAccount(db, userId, details);
      return billedTo(db, userId);
    },

    /**
     * POST /api/billing/webhook: verifies the signature over the raw body, then records the event
     * id and applies it in one transaction, so a replayed event changes nothing.
     */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      if (!payments.verifyWebhook)
        throw new AppError('NOT_FOUND', 'Webhooks are not used with the local payment provider');
      const event = payments.verifyWebhook(rawBody, signature);
      const res = await db.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, { id: event.id, provider: payments.name, type: event.providerType })))
          return { fresh: false, userId: null };
        return { fresh: true, userId: await applyEvent(tx, event) };
      });
      if (res.userId) ctx.principals.invalidate(res.userId);
      return { received: true, duplicate: !res.fresh };
    },

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
