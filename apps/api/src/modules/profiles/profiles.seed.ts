import type { DemoSeeder } from '../../db/seed/demo.ts';
import { portfolioItems, profiles, projects, requirements } from '../../db/schema/index.ts';

/**
 * Demo company profiles (docs/design.md section 7): the demo buyer and supplier get every field of
 * docs/product.md section 3 filled in, so both profile layouts show real-looking content. The core
 * supplier keeps a sparse profile to show the empty states.
 */
export const seedProfiles: DemoSeeder = async (db, accounts) => {
  const buyer = accounts.get('buyer@brickyard.test');
  const supplier = accounts.get('supplier@brickyard.test');
  if (!buyer || !supplier) return;
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values([
      {
        userId: supplier,
        region: 'north-west',
        companySize: '51-200',
        registrationNumber: '04518273',
        companyDescription:
          'Builders’ merchant and steel stockholder serving contractors across the North West and Yorkshire since 1996: structural steel, concrete, aggregates, drainage and plant hire from three depots.',
        preferredCategories: ['structural-steel', 'concrete', 'aggregates', 'plant-hire'],
        subcategories: ['beams-and-columns', 'ready-mix-concrete', 'excavators'],
        certifications: ['ISO 9001:2015', 'ISO 14001:2015', 'CE/UKCA marking to BS EN 1090 EXC2', 'CHAS'],
        qualityStandards: ['BS EN 1090-2', 'BS 8500'],
        manufacturingCapacity: 450,
        leadTimeDays: 10,
        minOrderValuePence: 50_000,
        deliveryLocations: ['north-west', 'yorkshire-and-the-humber', 'west-midlands'],
        paymentTerms: '30 days end of month on approved credit',
        warrantyOffered: '12 months on fabricated steelwork',
        rebate: '2% annual rebate above £100,000 spend',
        website: 'https://pennine-supplies.example',
      },
      {
        userId: buyer,
        region: 'north-west',
        companySize: '201-500',
        registrationNumber: '08812345',
        companyDescription:
          'Commercial and residential developer delivering offices, light industrial units and family homes across Greater Manchester.',
        preferredCategories: ['structural-steel', 'concrete', 'timber', 'construction-works'],
        certifications: ['ISO 9001', 'Considerate Constructors Scheme'],
        qualityStandards: ['BS EN 1090-2', 'NHBC Standards'],
        deliveryLocations: ['north-west'],
        paymentTerms: '30 days from valuation',
        website: 'https://northgate-developments.example',
        industry: 'Commercial and residential development',
        specialization: 'Mid-rise offices and family housing',
        yearsInBusiness: 14,
        materialsNeeded: {
          requiredProducts: [
            {
              name: 'Structural steel sections',
              description: 'S355 UB/UC for a four-storey frame',
              quantity: '185 tonnes',
            },
            { name: 'C32/40 ready-mix concrete', description: 'Slabs and foundations', quantity: '640 m³' },
            { name: 'A-rated uPVC windows', description: null, quantity: '112 units' },
          ],
          currentTender: 'Structural steel frame for a four-storey office, Salford Quays',
          deliveryDeadline: 'Phased drops from March',
          sustainabilityFocus: 'Recycled-content steel and low-carbon concrete mixes preferred',
          futureTender: 'Roof-mounted solar PV for a distribution warehouse',
          expectedStartDate: 'Q3 this year',
          volume: 'About £1.2m of materials a year',
        },
      },
    ]);
    await tx.insert(projects).values([
      {
        userId: buyer,
        name: 'Salford Quays office',
        description: 'Four-storey, 3,200 m² office with ground-floor retail.',
        location: 'Salford',
        status: 'ongoing',
        budgetPence: 620_000_000,
        estimatedCompletion: '2026-09-30',
      },
      {
        userId: buyer,
        name: 'Wigan family homes (phase 2)',
        description: '24 two- and three-bedroom homes.',
        location: 'Wigan',
        status: 'planned',
        budgetPence: 410_000_000,
        estimatedCompletion: '2027-03-31',
      },
      {
        userId: buyer,
        name: 'Farm Road depot redevelopment',
        description: 'Demolition and eight light-industrial units.',
        location: 'Bolton',
        status: 'completed',
        budgetPence: 285_000_000,
        completionDate: '2024-11-15',
      },
      {
        userId: buyer,
        name: 'Latimer Road refurbishment',
        description: 'Mixed-use refurbishment, shop kept trading.',
        location: 'London',
        status: 'completed',
        budgetPence: 26_332_117,
        completionDate: '2023-06-30',
      },
    ]);
    await tx.insert(portfolioItems).values([
      {
        userId: supplier,
        title: 'MediaCity footbridge steelwork',
        valuePence: 42_000_000,
        description: 'Fabricated and delivered 96 t of S355 steel for a pedestrian footbridge.',
        client: 'Peel Media',
        completionDate: '2023-09-30',
      },
      {
        userId: supplier,
        title: 'Trafford Park distribution centre',
        valuePence: 118_500_000,
        description: 'Frame steel, concrete and drainage supply for a 22,000 m² warehouse.',
        client: 'Harworth Group',
        completionDate: '2022-04-15',
      },
    ]);
    await tx.insert(requirements).values([
      {
        userId: buyer,
        qualityStandards: ['ISO 9001', 'UKCA marking'],
        deliveryReliability: 'Deliveries booked 48 hours ahead and on time 95% of the time',
        sustainability: 'EPDs for steel and concrete',
        pricing: 'Fixed prices for 90 days',
      },
      {
        userId: supplier,
        qualityStandards: ['Approved drawings before fabrication'],
        deliveryReliability: 'Site access for 16 m artics',
        sustainability: 'Pallets and offcuts returned',
        pricing: 'Credit account after two orders',
      },
    ]);
  });
};
