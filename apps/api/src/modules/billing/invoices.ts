import { vatPence } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { BilledTo } from '../../db/schema/index.ts';
import { findUserById } from '../users/users.service.ts';
import * as repo from './billing.repository.ts';
import type { InvoiceDraftLine } from './lifecycle.ts';

/*
 * Issuing an invoice, shared by the service's own charges (checkout, upgrade, renewal) and the
 * provider's webhook events (billing.webhooks.ts): both bill the same account the same way.
 */

export async function billedTo(tx: DbOrTx, userId: string): Promise<BilledTo> {
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
export async function issueInvoice(
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
