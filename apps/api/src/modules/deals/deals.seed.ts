import { and, eq } from 'drizzle-orm';
import { subDays } from 'date-fns';
import type { DemoSeeder } from '../../db/seed/demo.ts';
import { contracts, reviews, tenders } from '../../db/schema/index.ts';

/**
 * Demo deals (docs/design.md section 7), after the listings seeder: the demo buyer's fulfilled
 * tender was delivered by the demo supplier (with a review each way) and the pending one is an
 * active contract with them, so Deals and the profiles' reviews show content.
 */
export const seedContracts: DemoSeeder = async (db, accounts) => {
  const buyer = accounts.get('buyer@brickyard.test');
  const supplier = accounts.get('supplier@brickyard.test');
  if (!buyer || !supplier) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: tenders.id, title: tenders.title, status: tenders.status, budgetPence: tenders.budgetPence })
      .from(tenders)
      .where(eq(tenders.userId, buyer));
    const fulfilled = mine.find((t) => t.status === 'fulfilled');
    const pending = mine.find((t) => t.status === 'pending');
    if (fulfilled) {
      await tx
        .update(tenders)
        .set({ awardedSupplierId: supplier })
        .where(and(eq(tenders.id, fulfilled.id), eq(tenders.userId, buyer)));
      const [c] = await tx
        .insert(contracts)
        .values({
          tenderId: fulfilled.id,
          tenderTitle: fulfilled.title,
          buyerId: buyer,
          supplierId: supplier,
          valuePence: Math.round((fulfilled.budgetPence ?? 9_500_000) * 0.95),
          terms: '30 days from completion certificate; 2.5% retention for 6 months',
          status: 'fulfilled',
          respondedAt: subDays(now, 60),
          fulfilledAt: subDays(now, 20),
          createdAt: subDays(now, 62),
          updatedAt: subDays(now, 20),
        })
        .returning();
      await tx.insert(reviews).values([
        {
          contractId: c!.id,
          reviewerId: buyer,
          revieweeId: supplier,
          rating: 5,
          text: 'Cleared the site a week early and kept the neighbours informed throughout. Would use again.',
          createdAt: subDays(now, 18),
        },
        {
          contractId: c!.id,
          reviewerId: supplier,
          revieweeId: buyer,
          rating: 4,
          text: 'Clear scope and prompt payment. Site access was tight on two days.',
          createdAt: subDays(now, 17),
        },
      ]);
    }
    if (pending) {
      await tx
        .update(tenders)
        .set({ awardedSupplierId: supplier })
        .where(and(eq(tenders.id, pending.id), eq(tenders.userId, buyer)));
      await tx.insert(contracts).values({
        tenderId: pending.id,
        tenderTitle: pending.title,
        buyerId: buyer,
        supplierId: supplier,
        valuePence: pending.budgetPence ?? 20_000_000,
        terms: 'Monthly valuations, 5% retention',
        status: 'active',
        respondedAt: subDays(now, 8),
        createdAt: subDays(now, 9),
        updatedAt: subDays(now, 8),
      });
    }
  });
};
