import { AppError, firstPeriodPricePence } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ProviderEvent } from '../../platform/payments/provider.ts';
import { findUserById } from '../users/users.service.ts';
import * as repo from './billing.repository.ts';
import { issueInvoice } from './invoices.ts';
import { graceUntilFrom, periodEndFrom } from './lifecycle.ts';

/*
 * The payment provider's webhook events (Stripe): what each one changes in the subscription and the
 * invoices. The provider decides these moves (it has charged, failed or cancelled); this file only
 * records them. The decisions Brickyard makes itself (checkout, plan changes, renewals) stay in
 * billing.service.ts.
 */

export function createWebhookHandler(ctx: AppContext) {
  const { db, payments, config } = ctx;

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

  /**
   * POST /api/billing/webhook: verifies the signature over the raw body, then records the event
   * id and applies it in one transaction, so a replayed event changes nothing.
   */
  async function webhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
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
  }

  return webhook;
}
