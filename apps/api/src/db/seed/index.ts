import type { DemoSeeder } from './demo.ts';
import { seedExternalTenders } from '../../modules/external-tenders/external-tenders.seed.ts';
import { seedListings } from '../../modules/tenders/listings.seed.ts';
import { seedProfiles } from '../../modules/profiles/profiles.seed.ts';
import { seedContracts } from '../../modules/deals/deals.seed.ts';
import { seedConversations } from '../../modules/messaging/messaging.seed.ts';

/**
 * Demo data that features add after the demo accounts exist (docs/design.md section 7).
 * Each feature appends its seeder here; they run in order on an empty database only.
 */
export const demoSeeders: DemoSeeder[] = [];

// The live feed's shipped snapshot of real OCDS releases.
demoSeeders.push(seedExternalTenders);

// Demo tenders for the buyer and catalogue items for the two suppliers.
demoSeeders.push(seedListings);

// Company profiles of the demo buyer and supplier; then their deals and reviews (after the listings).
demoSeeders.push(seedProfiles);
demoSeeders.push(seedContracts);

// Conversations between the demo buyer and the suppliers, so Messages shows real threads.
demoSeeders.push(seedConversations);
