import { count } from 'drizzle-orm';
import { addMonths, addYears } from 'date-fns';
import { PLANS, periodPricePence, vatPence, type PlanType } from '@brickyard/shared';
import { insertInvoice } from '../../modules/billing/billing.repository.ts';
import type { Db } from '../client.ts';
import { subscriptions, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';

export const DEMO_PASSWORD = 'Brickyard-demo-1';

interface DemoAccount {
  email: string;
  role: 'buyer' | 'supplier' | 'admin';
  firstName: string;
  lastName: string;
  companyName: string;
  approved: boolean;
  plan: PlanType | null;
  note: string;
}

/** The demo accounts of docs/design.md section 7. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@brickyard.test',
    role: 'admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    companyName: 'Brickyard',
    approved: true,
    plan: null,
    note: 'admin',
  },
  {
    email: 'buyer@brickyard.test',
    role: 'buyer',
    firstName: 'Bea',
    lastName: 'Hughes',
    companyName: 'Northgate Developments Ltd',
    approved: true,
    plan: 'GROWTH',
    note: 'buyer, Growth plan',
  },
  {
    email: 'supplier@brickyard.test',
    role: 'supplier',
    firstName: 'Sam',
    lastName: 'Okafor',
    companyName: 'Pennine Building Supplies Ltd',
    approved: true,
    plan: 'GROWTH',
    note: 'supplier, Growth plan',
  },
  {
    email: 'core-supplier@brickyard.test',
    role: 'supplier',
    firstName: 'Cara',
    lastName: 'Lewis',
    companyName: 'Severn Timber & Fixings',
    approved: true,
    plan: 'CORE',
    note: 'supplier, Core plan (limits)',
  },
  {
    email: 'pending@brickyard.test',
    role: 'buyer',
    firstName: 'Priya',
    lastName: 'Shah',
    companyName: 'Harbourside Homes',
    approved: false,
    plan: null,
    note: 'buyer awaiting approval',
  },
];

export type DemoSeeder = (db: Db, accounts: Map<string, string>) => Promise<void>;

/**
 * Seeds an empty database with the demo accounts, then lets each feature add its demo data
 * (`extraSeeders`, keyed by account email → user id). Does nothing when users already exist.
 */
export async function seedDemo(db: Db, extraSeeders: DemoSeeder[] = []): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: a.email,
          passwordHash,
          role: a.role,
          firstName: a.firstName,
          lastName: a.lastName,
          companyName: a.companyName,
          approved: a.approved,
          approvedAt: a.approved ? new Date() : null,
          emailVerifiedAt: new Date(),
          selectedPlan: a.plan ?? 'CORE',
          selectedCycle: 'monthly',
        })
        .returning({ id: users.id });
      ids.set(a.email, row!.id);
      if (a.plan) {
        const now = new Date();
        await tx.insert(subscriptions).values({
          userId: row!.id,
          plan: a.plan,
          cycle: 'yearly',
          status: 'active',
          provider: 'local',
          providerRef: 'demo',
          pricePaidPence: periodPricePence(a.plan, 'yearly') ?? 0,
          currentPeriodStart: now,
          currentPeriodEnd: addYears(addMonths(now, 0), 1),
        });
        // The year paid for, invoiced as a real checkout would be, so Billing lists it.
        const netPence = periodPricePence(a.plan, 'yearly') ?? 0;
        const vat = vatPence(netPence);
        const description = `${PLANS[a.plan].name} plan, yearly`;
        await insertInvoice(tx, {
          userId: row!.id,
          description,
          lines: [{ description, amountPence: netPence }],
          netPence,
          vatPence: vat,
          totalPence: netPence + vat,
          status: 'paid',
          issuedAt: now,
          periodStart: now,
          periodEnd: addYears(now, 1),
          billedTo: {
            companyName: a.companyName,
            billingEmail: a.email,
            addressLine1: null,
            addressLine2: null,
            city: null,
            postcode: null,
            country: null,
            vatNumber: null,
          },
        });
      }
    }
  });
  for (const seed of extraSeeders) await seed(db, ids);
  return true;
}
