import { addDays, subDays } from 'date-fns';
import type { DemoSeeder } from '../../db/seed/demo.ts';
import { auditEvents, catalogueItems, tenders } from '../../db/schema/index.ts';

type NewTender = typeof tenders.$inferInsert;
type NewItem = typeof catalogueItems.$inferInsert;

/**
 * Demo tenders for buyer@brickyard.test and catalogue items for the two demo suppliers
 * (docs/design.md section 7). Several tender titles and scopes are based on real UK public-sector
 * notices in shared/data/ocds/demo-release-package.json (Contracts Finder, Sell2Wales; Open
 * Government Licence v3.0), rewritten as a private developer's tenders; budgets are in pence.
 * The catalogue listings are made-up but realistic trade prices.
 */
export const seedListings: DemoSeeder = async (db, accounts) => {
  const buyer = accounts.get('buyer@brickyard.test');
  const supplier = accounts.get('supplier@brickyard.test');
  const coreSupplier = accounts.get('core-supplier@brickyard.test');
  if (!buyer || !supplier || !coreSupplier) return;
  const now = new Date();
  const common = { userId: buyer, currency: 'GBP' } as const;

  const demoTenders: NewTender[] = [
    {
      ...common,
      title: 'Structural steel frame for a four-storey office, Salford Quays',
      description:
        'Design check, fabrication, delivery and erection of the structural steel frame for a 3,200 m² four-storey office building. Steel to arrive in three phased drops to suit the crane programme; the main contractor provides the tower crane.',
      specifications: 'S355J2 sections to BS EN 10025; execution class EXC2 to BS EN 1090-2; intumescent-ready primer; about 185 tonnes.',
      category: 'structural-steel',
      subcategories: ['beams-and-columns', 'steel-fabrication-and-erection'],
      budgetPence: 48_500_000,
      quantity: 185,
      leadTimeDays: 56,
      region: 'north-west',
      paymentTerms: '30 days from valuation',
      insurance: 'Public liability £10m, employer’s liability £10m',
      supplierType: 'Steel fabricator and erector',
      warrantyRequirement: true,
      rebate: false,
      status: 'active',
      deadline: addDays(now, 18),
      publishedAt: subDays(now, 6),
      requiredCertifications: ['CE/UKCA marking to BS EN 1090 EXC2', 'ISO 9001'],
      qualityStandards: ['BS EN 1090-2', 'NSSS 6th edition'],
      createdAt: subDays(now, 6),
    },
    {
      ...common,
      title: 'Sumner House window replacement (112 units)',
      description:
        'Remove and replace 112 timber windows with A-rated uPVC double-glazed units in an occupied six-storey residential block, including making good, trickle vents and disposal of old frames. Work must be sequenced flat by flat with residents in place.',
      specifications: 'U-value ≤ 1.4 W/m²K, PAS 24 security, restrictors to upper floors, FENSA-registered installation.',
      category: 'timber',
      subcategories: ['doors-and-windows'],
      budgetPence: 10_000_000,
      quantity: 112,
      leadTimeDays: 35,
      region: 'north-west',
      paymentTerms: '30 days',
      insurance: 'Public liability £5m',
      supplierType: 'Window manufacturer-installer',
      warrantyRequirement: true,
      status: 'active',
      deadline: addDays(now, 9),
      publishedAt: subDays(now, 12),
      requiredCertifications: ['FENSA', 'PAS 24'],
      qualityStandards: ['BS 6375'],
      createdAt: subDays(now, 12),
    },
    {
      ...common,
      title: 'Ready-mix concrete supply for 24 homes, Wigan',
      description:
        'Supply of ready-mix concrete for strip foundations, ground-bearing slabs and drives across a 24-home development. Around 1,100 m³ over 14 weeks with next-day ordering.',
      specifications: 'GEN1 and RC32/40 mixes to BS 8500, S3 slump; pump hire quoted separately.',
      category: 'concrete',
      subcategories: ['ready-mix-concrete'],
      budgetPence: 14_850_000,
      quantity: 1100,
      leadTimeDays: 2,
      region: 'north-west',
      paymentTerms: '30 days end of month',
      supplierType: 'Concrete producer',
      rebate: true,
      status: 'active',
      deadline: addDays(now, 25),
      publishedAt: subDays(now, 3),
      requiredCertifications: ['BSI Kitemark', 'BES 6001'],
      qualityStandards: ['BS 8500', 'BS EN 206'],
      createdAt: subDays(now, 3),
    },
    {
      ...common,
      title: 'Latimer Road internal and external refurbishment',
      description:
        'Internal and external refurbishment of a mid-terrace mixed-use building: strip-out, new partitions and drylining, replacement roof coverings, external render repairs and redecoration.',
      specifications: 'Programme 16 weeks; asbestos refurbishment survey available; occupied ground-floor shop to remain trading.',
      category: 'construction-works',
      subcategories: ['refurbishment'],
      budgetPence: 26_332_117,
      leadTimeDays: 14,
      region: 'london',
      paymentTerms: 'Monthly valuations, 5% retention',
      insurance: 'Contractor’s all risks; public liability £10m',
      supplierType: 'Main contractor',
      warrantyRequirement: true,
      status: 'pending',
      deadline: subDays(now, 10),
      publishedAt: subDays(now, 40),
      requiredCertifications: ['CHAS', 'Constructionline Gold'],
      createdAt: subDays(now, 40),
    },
    {
      ...common,
      title: 'Demolition and site clearance, Farm Road depot',
      description:
        'Soft strip, asbestos removal and demolition of a single-storey brick depot and canopy, breaking out of slabs, crushing to 6F2 for reuse on site and removal of all other arisings.',
      category: 'groundworks',
      subcategories: ['demolition'],
      budgetPence: 10_000_000,
      leadTimeDays: 21,
      region: 'london',
      paymentTerms: '30 days',
      supplierType: 'Demolition contractor',
      status: 'fulfilled',
      deadline: subDays(now, 90),
      publishedAt: subDays(now, 120),
      completedAt: subDays(now, 20),
      requiredCertifications: ['NFDC membership', 'Licensed asbestos removal (HSE)'],
      createdAt: subDays(now, 120),
    },
    {
      ...common,
      title: 'Roof-mounted solar PV for a distribution warehouse',
      description:
        'Design, supply and installation of a 250 kWp roof-mounted solar PV system on a steel-clad warehouse, including structural check of the purlins, DNO application and commissioning.',
      category: 'mep',
      subcategories: ['electrical-installation'],
      budgetPence: 21_000_000,
      leadTimeDays: 60,
      region: 'yorkshire-and-the-humber',
      supplierType: 'MCS-certified installer',
      warrantyRequirement: true,
      status: 'draft',
      requiredCertifications: ['MCS', 'NICEIC'],
      createdAt: subDays(now, 1),
    },
    {
      ...common,
      title: 'Catering kitchen relocation, academy refurbishment',
      description:
        'Strip-out of an existing school kitchen and fit-out of a new catering kitchen in the former dining store: drainage, extract ventilation, gas interlock, wall and floor finishes. Work in the summer holiday only.',
      category: 'construction-works',
      subcategories: ['education', 'refurbishment'],
      budgetPence: 12_000_000,
      leadTimeDays: 28,
      region: 'south-east',
      paymentTerms: '30 days',
      supplierType: 'Fit-out contractor',
      status: 'closed',
      deadline: subDays(now, 4),
      publishedAt: subDays(now, 30),
      requiredCertifications: ['Gas Safe', 'SafeContractor'],
      createdAt: subDays(now, 30),
    },
    {
      ...common,
      title: 'Excavator and dumper hire for groundworks package (12 weeks)',
      description:
        'Hire of a 13-tonne tracked excavator with operator and two 6-tonne forward-tipping dumpers for a 12-week groundworks package, delivered to site and collected at the end of hire.',
      category: 'plant-hire',
      subcategories: ['excavators', 'dumpers'],
      budgetPence: 3_960_000,
      quantity: 3,
      leadTimeDays: 5,
      region: 'east-midlands',
      paymentTerms: '14 days',
      supplierType: 'Plant hire company',
      status: 'cancelled',
      deadline: subDays(now, 15),
      publishedAt: subDays(now, 35),
      requiredCertifications: ['CPCS or NPORS operator cards'],
      createdAt: subDays(now, 35),
    },
  ];

  const item = (userId: string, v: Omit<NewItem, 'userId' | 'currency'>): NewItem => ({ ...v, userId, currency: 'GBP' });
  const items: NewItem[] = [
    item(supplier, {
      title: 'Universal beam 203x133x25 UB, S355, 6 m lengths',
      description: 'Hot-rolled universal beams from UK stock, cut to length on request, with mill certificates to BS EN 10204 3.1.',
      specifications: 'S355J2+AR, 203.2 x 133.2 mm, 25.1 kg/m',
      category: 'structural-steel', subcategories: ['beams-and-columns'], valuePence: 18_900, quantity: 240, leadTimeDays: 3,
      region: 'north-west', availability: 'available', paymentTerms: '30 days end of month', supplierType: 'Steel stockholder',
      certifications: ['UKCA', 'ISO 9001'], deliveryLocations: ['north-west', 'yorkshire-and-the-humber', 'west-midlands'], createdAt: subDays(now, 20),
    }),
    item(supplier, {
      title: 'Steel frame fabrication and erection (per tonne)',
      description: 'Fabrication to EXC2 with shot-blast and primer, delivered and erected by our own CSCS-carded crews.',
      category: 'structural-steel', subcategories: ['steel-fabrication-and-erection'], valuePence: 265_000, quantity: 400, leadTimeDays: 28,
      region: 'north-west', availability: 'limited', paymentTerms: '30 days from valuation', insurance: 'Public liability £10m', supplierType: 'Fabricator',
      warrantyRequirement: true, certifications: ['BS EN 1090 EXC2', 'SCM Steel Construction Certification'], deliveryLocations: ['north-west', 'north-east', 'yorkshire-and-the-humber'], createdAt: subDays(now, 18),
    }),
    item(supplier, {
      title: 'C32/40 ready-mix concrete (per m³)',
      description: 'Ready-mix concrete delivered by 8 m³ truck mixer; next-day orders before 3pm; Saturday pours by arrangement.',
      specifications: 'RC32/40, S3 slump, 20 mm aggregate, CEM I',
      category: 'concrete', subcategories: ['ready-mix-concrete'], valuePence: 12_450, quantity: 5000, leadTimeDays: 1,
      region: 'north-west', availability: 'available', paymentTerms: '30 days end of month', rebate: true,
      certifications: ['BSI Kitemark', 'BES 6001'], deliveryLocations: ['north-west'], createdAt: subDays(now, 15),
    }),
    item(supplier, {
      title: 'Precast concrete lintels 100 x 140 mm, 1.2 m',
      description: 'Prestressed concrete lintels for internal and external openings, pallet quantities of 40.',
      category: 'concrete', subcategories: ['precast-concrete'], valuePence: 1_295, quantity: 800, leadTimeDays: 2,
      region: 'north-west', availability: 'available', certifications: ['UKCA'], deliveryLocations: ['north-west', 'west-midlands'], createdAt: subDays(now, 14),
    }),
    item(supplier, {
      title: 'PIR insulation board 100 mm (2.4 x 1.2 m)',
      description: 'Foil-faced PIR boards for walls, floors and pitched roofs; lambda 0.022 W/mK.',
      category: 'insulation', subcategories: ['thermal-insulation'], valuePence: 3_199, quantity: 0, leadTimeDays: 10,
      region: 'north-west', availability: 'limited', certifications: ['BBA certificate'], deliveryLocations: ['uk-wide'], createdAt: subDays(now, 12),
    }),
    item(supplier, {
      title: 'Type 1 sub-base (per tonne, bulk bag or tipper)',
      description: 'Crushed limestone MOT Type 1 to SHW clause 803, delivered by 20 t tipper or 850 kg bulk bags.',
      category: 'aggregates', subcategories: ['crushed-stone'], valuePence: 2_850, quantity: 2000, leadTimeDays: 1,
      region: 'north-west', availability: 'available', paymentTerms: '30 days', deliveryLocations: ['north-west'], createdAt: subDays(now, 10),
    }),
    item(supplier, {
      title: '13-tonne tracked excavator with operator (per day)',
      description: 'Late-model 13 t excavator with quick hitch, buckets and CPCS operator; transport extra by distance.',
      category: 'plant-hire', subcategories: ['excavators', 'operated-earthmoving'], valuePence: 52_000, quantity: 3, leadTimeDays: 3,
      region: 'north-west', availability: 'available', insurance: 'Hired-in plant cover required', supplierType: 'Plant hire',
      certifications: ['CPCS', 'CPA Hire member'], deliveryLocations: ['north-west', 'yorkshire-and-the-humber'], createdAt: subDays(now, 8),
    }),
    item(supplier, {
      title: '6-tonne forward-tipping dumper (weekly hire)',
      description: 'Swivel-skip dumpers with ROPS and seat-belt interlock, serviced and delivered to site.',
      category: 'plant-hire', subcategories: ['dumpers'], valuePence: 32_500, quantity: 6, leadTimeDays: 2,
      region: 'north-west', availability: 'other', certifications: ['CPA Hire member'], deliveryLocations: ['north-west'], createdAt: subDays(now, 6),
    }),
    item(supplier, {
      title: '110 mm twin-wall drainage pipe, 6 m',
      description: 'HDPE twin-wall pipe for surface and foul drainage, socket and seal included.',
      category: 'pipes-and-drainage', subcategories: ['drainage-pipes'], valuePence: 3_640, quantity: 350, leadTimeDays: 4,
      region: 'north-west', availability: 'available', certifications: ['Kitemark BS EN 13476'], deliveryLocations: ['uk-wide'], createdAt: subDays(now, 4),
    }),
    item(coreSupplier, {
      title: 'C24 treated structural timber 47 x 150 mm (per 4.8 m)',
      description: 'Kiln-dried, regularised and pressure-treated C24 softwood from FSC-certified forests.',
      category: 'timber', subcategories: ['structural-timber'], valuePence: 1_480, quantity: 1200, leadTimeDays: 2,
      region: 'south-west', availability: 'available', paymentTerms: '30 days', supplierType: 'Timber merchant',
      certifications: ['FSC', 'TDCA'], deliveryLocations: ['south-west', 'wales', 'west-midlands'], createdAt: subDays(now, 22),
    }),
    item(coreSupplier, {
      title: 'Structural plywood 18 mm (2.44 x 1.22 m)',
      description: 'WBP hardwood-faced plywood for formwork, flooring and racking, EN 636-2.',
      category: 'timber', subcategories: ['plywood-and-sheet'], valuePence: 3_895, quantity: 300, leadTimeDays: 3,
      region: 'south-west', availability: 'limited', certifications: ['FSC', 'UKCA'], deliveryLocations: ['south-west', 'wales'], createdAt: subDays(now, 16),
    }),
    item(coreSupplier, {
      title: 'Fink roof trusses, 35° pitch, 8 m span',
      description: 'Trussed rafters designed and manufactured to BS EN 14250, with design calculations and layout drawings.',
      category: 'timber', subcategories: ['roof-trusses'], valuePence: 8_900, quantity: 60, leadTimeDays: 14,
      region: 'south-west', availability: 'available', warrantyRequirement: true, certifications: ['TRA member'], deliveryLocations: ['south-west', 'wales'], createdAt: subDays(now, 11),
    }),
    item(coreSupplier, {
      title: 'Close-board fencing panel kit (1.8 m bay)',
      description: 'Feather-edge boards, arris rails and concrete posts for one 1.8 m bay, pressure-treated.',
      category: 'timber', subcategories: ['fencing'], valuePence: 6_450, quantity: 0, leadTimeDays: 7,
      region: 'wales', availability: 'other', deliveryLocations: ['wales', 'south-west'], createdAt: subDays(now, 9),
    }),
    item(coreSupplier, {
      title: 'Stainless steel timber screws 5 x 70 mm (box of 200)',
      description: 'A2 stainless countersunk screws with Torx drive for external timber work.',
      category: 'tools-and-fixings', subcategories: ['fasteners'], valuePence: 2_475, quantity: 150, leadTimeDays: 1,
      region: 'south-west', availability: 'available', deliveryLocations: ['uk-wide'], createdAt: subDays(now, 5),
    }),
    item(coreSupplier, {
      title: 'Glulam beam GL24h 90 x 315 mm (per linear metre)',
      description: 'Glued-laminated spruce beams cut to length, for exposed roof and floor structures.',
      category: 'timber', subcategories: ['engineered-timber'], valuePence: 6_820, quantity: 90, leadTimeDays: 21,
      region: 'south-west', availability: 'limited', certifications: ['PEFC', 'UKCA'], deliveryLocations: ['south-west', 'wales', 'london'], createdAt: subDays(now, 2),
    }),
  ];

  await db.transaction(async (tx) => {
    const rows = await tx.insert(tenders).values(demoTenders.map((t) => ({ ...t, updatedAt: t.createdAt }))).returning({
      id: tenders.id,
      status: tenders.status,
      title: tenders.title,
      createdAt: tenders.createdAt,
    });
    await tx.insert(auditEvents).values(
      rows.map((r) => ({
        tenderId: r.id,
        actorId: buyer,
        action: 'created',
        changes: { title: { from: null, to: r.title }, status: { from: null, to: r.status } },
        createdAt: r.createdAt,
      })),
    );
    await tx.insert(catalogueItems).values(items.map((i) => ({ ...i, updatedAt: i.createdAt })));
  });
};
