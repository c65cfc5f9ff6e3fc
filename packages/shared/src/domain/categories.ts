/**
 * The construction taxonomy tenders and catalogue items are filed under, as data.
 * Each category and subcategory carries its CPV 2008 code (Common Procurement Vocabulary,
 * EU public data; the full list is in shared/data/cpv/cpv-2008.csv) so that matching can
 * line our listings up with public-sector notices, which are classified by CPV.
 * Keys are stable slugs stored in the database; names are what people see.
 */
export interface Subcategory {
  key: string;
  name: string;
  cpv: string;
}
export interface Category {
  key: string;
  name: string;
  cpv: string;
  subcategories: readonly Subcategory[];
}

export const CATEGORIES = [
  {
    key: 'structural-steel',
    name: 'Structural Steel',
    cpv: '44212300',
    subcategories: [
      { key: 'beams-and-columns', name: 'Beams & columns', cpv: '44212300' },
      { key: 'steel-fabrication-and-erection', name: 'Fabrication & erection', cpv: '45262400' },
      { key: 'structural-steelworks', name: 'Structural steelworks', cpv: '45223210' },
      { key: 'metal-decking-and-plate', name: 'Metal decking & plate', cpv: '44171000' },
      { key: 'reinforcement', name: 'Reinforcement bar & mesh', cpv: '44315000' },
      { key: 'scaffolding-structures', name: 'Scaffolding structures', cpv: '44212310' },
    ],
  },
  {
    key: 'concrete',
    name: 'Concrete & Cement',
    cpv: '44114000',
    subcategories: [
      { key: 'ready-mix-concrete', name: 'Ready-mix concrete', cpv: '44114100' },
      { key: 'precast-concrete', name: 'Precast concrete products', cpv: '44114200' },
      { key: 'cement', name: 'Cement', cpv: '44111200' },
      { key: 'concrete-works', name: 'Concrete works', cpv: '45262300' },
      { key: 'reinforced-concrete-structures', name: 'Reinforced concrete structures', cpv: '45223500' },
    ],
  },
  {
    key: 'timber',
    name: 'Timber & Joinery',
    cpv: '03419000',
    subcategories: [
      { key: 'structural-timber', name: 'Structural timber', cpv: '03419100' },
      { key: 'plywood-and-sheet', name: 'Plywood & sheet materials', cpv: '44191100' },
      { key: 'engineered-timber', name: 'Glulam & engineered timber', cpv: '44191200' },
      { key: 'roof-trusses', name: 'Roof trusses', cpv: '44232000' },
      { key: 'doors-and-windows', name: 'Doors & windows', cpv: '44221000' },
      { key: 'fencing', name: 'Fencing panels', cpv: '44231000' },
    ],
  },
  {
    key: 'masonry',
    name: 'Bricks & Masonry',
    cpv: '44111100',
    subcategories: [
      { key: 'bricks', name: 'Bricks', cpv: '44111100' },
      { key: 'blocks', name: 'Blocks', cpv: '44111000' },
      { key: 'masonry-works', name: 'Masonry & bricklaying', cpv: '45262500' },
    ],
  },
  {
    key: 'insulation',
    name: 'Insulation',
    cpv: '44111500',
    subcategories: [
      { key: 'thermal-insulation', name: 'Thermal insulation boards', cpv: '44111500' },
      { key: 'acoustic-insulation', name: 'Acoustic insulation', cpv: '44112600' },
      { key: 'insulation-works', name: 'Insulation installation', cpv: '45320000' },
    ],
  },
  {
    key: 'roofing',
    name: 'Roofing & Cladding',
    cpv: '44112500',
    subcategories: [
      { key: 'roofing-materials', name: 'Roofing materials', cpv: '44112500' },
      { key: 'cladding-sheets', name: 'Cladding & sheeting', cpv: '44172000' },
      { key: 'roof-works', name: 'Roof works', cpv: '45261000' },
    ],
  },
  {
    key: 'aggregates',
    name: 'Aggregates & Surfacing',
    cpv: '14210000',
    subcategories: [
      { key: 'sand', name: 'Sand', cpv: '14211000' },
      { key: 'aggregates', name: 'Aggregates', cpv: '14212200' },
      { key: 'crushed-stone', name: 'Crushed stone & Type 1', cpv: '14212300' },
      { key: 'asphalt', name: 'Asphalt & tarmac', cpv: '14213200' },
      { key: 'topsoil', name: 'Topsoil', cpv: '14212400' },
    ],
  },
  {
    key: 'plant-hire',
    name: 'Plant & Equipment Hire',
    cpv: '43000000',
    subcategories: [
      { key: 'excavators', name: 'Excavators', cpv: '43262000' },
      { key: 'crane-hire', name: 'Crane hire', cpv: '45510000' },
      { key: 'operated-earthmoving', name: 'Operated earthmoving plant', cpv: '45520000' },
      { key: 'compaction', name: 'Compaction equipment', cpv: '43315000' },
      { key: 'access-and-lifting', name: 'Access & lifting equipment', cpv: '42410000' },
      { key: 'dumpers', name: 'Dumpers & site vehicles', cpv: '34142300' },
    ],
  },
  {
    key: 'mep',
    name: 'Mechanical, Electrical & Plumbing',
    cpv: '45300000',
    subcategories: [
      { key: 'electrical-installation', name: 'Electrical installation', cpv: '45310000' },
      { key: 'cable', name: 'Cable & wiring', cpv: '31300000' },
      { key: 'lighting', name: 'Lighting', cpv: '31500000' },
      { key: 'plumbing-and-heating', name: 'Plumbing & heating materials', cpv: '44115200' },
      { key: 'hvac', name: 'Heating, ventilation & air conditioning', cpv: '45331000' },
      { key: 'boilers', name: 'Boilers & radiators', cpv: '44621000' },
    ],
  },
  {
    key: 'groundworks',
    name: 'Groundworks & Civils',
    cpv: '45100000',
    subcategories: [
      { key: 'excavation', name: 'Excavation & earthmoving', cpv: '45112000' },
      { key: 'demolition', name: 'Demolition', cpv: '45111100' },
      { key: 'foundations', name: 'Foundations & piling', cpv: '45262200' },
      { key: 'drainage-works', name: 'Drainage works', cpv: '45332000' },
      { key: 'roadworks', name: 'Roadworks & surfacing', cpv: '45233140' },
    ],
  },
  {
    key: 'pipes-and-drainage',
    name: 'Pipes & Drainage',
    cpv: '44160000',
    subcategories: [
      { key: 'drainage-pipes', name: 'Drainage pipes', cpv: '44163110' },
      { key: 'pipe-fittings', name: 'Pipe fittings', cpv: '44163200' },
      { key: 'sewer-pipes', name: 'Sewer pipes', cpv: '44163130' },
      { key: 'water-pipes', name: 'Water pipes', cpv: '44162500' },
    ],
  },
  {
    key: 'finishes',
    name: 'Finishes & Interiors',
    cpv: '45400000',
    subcategories: [
      { key: 'plastering', name: 'Plastering & drylining', cpv: '45410000' },
      { key: 'flooring', name: 'Flooring', cpv: '45430000' },
      { key: 'painting', name: 'Painting & decorating', cpv: '45440000' },
      { key: 'partitions', name: 'Partitions', cpv: '44112300' },
      { key: 'joinery-installation', name: 'Joinery installation', cpv: '45420000' },
    ],
  },
  {
    key: 'construction-works',
    name: 'Construction Works',
    cpv: '45200000',
    subcategories: [
      { key: 'residential', name: 'Residential new build', cpv: '45211000' },
      { key: 'commercial', name: 'Commercial & industrial buildings', cpv: '45213000' },
      { key: 'education', name: 'Education buildings', cpv: '45214000' },
      { key: 'health', name: 'Health & social care buildings', cpv: '45215000' },
      { key: 'refurbishment', name: 'Refurbishment', cpv: '45453000' },
    ],
  },
  {
    key: 'professional-services',
    name: 'Professional Services',
    cpv: '71000000',
    subcategories: [
      { key: 'architecture', name: 'Architecture', cpv: '71220000' },
      { key: 'structural-engineering', name: 'Structural engineering', cpv: '71312000' },
      { key: 'building-services-engineering', name: 'Building services engineering', cpv: '71315000' },
      { key: 'project-management', name: 'Project management', cpv: '71541000' },
      { key: 'site-supervision', name: 'Site supervision', cpv: '71520000' },
    ],
  },
  {
    key: 'site-services',
    name: 'Site Services & Waste',
    cpv: '90000000',
    subcategories: [
      { key: 'waste-removal', name: 'Waste removal', cpv: '90510000' },
      { key: 'asbestos-removal', name: 'Asbestos removal', cpv: '90650000' },
      { key: 'scaffolding', name: 'Scaffolding', cpv: '45262100' },
      { key: 'site-cabins', name: 'Site cabins & welfare units', cpv: '44211000' },
    ],
  },
  {
    key: 'tools-and-fixings',
    name: 'Tools, Fixings & Ironmongery',
    cpv: '44500000',
    subcategories: [
      { key: 'hand-tools', name: 'Hand tools', cpv: '44511000' },
      { key: 'fasteners', name: 'Fasteners', cpv: '44530000' },
      { key: 'ironmongery', name: 'Ironmongery', cpv: '44316000' },
      { key: 'locks-and-hinges', name: 'Locks & hinges', cpv: '44520000' },
    ],
  },
] as const satisfies readonly Category[];

export type CategoryKey = (typeof CATEGORIES)[number]['key'];
export const CATEGORY_KEYS = CATEGORIES.map((c) => c.key) as [CategoryKey, ...CategoryKey[]];

const byKey = new Map<string, Category>(CATEGORIES.map((c) => [c.key, c]));
const byLowerName = new Map<string, Category>(CATEGORIES.map((c) => [c.name.toLowerCase(), c]));

export function categoryByKey(key: string | null | undefined): Category | undefined {
  return key ? byKey.get(key) : undefined;
}

/** A category key from its key or its display name (any case), e.g. from a CSV import. */
export function normaliseCategory(value: string): string {
  const v = value.trim();
  if (byKey.has(v)) return v;
  return byLowerName.get(v.toLowerCase())?.key ?? byKey.get(v.toLowerCase())?.key ?? v;
}

/** A subcategory key of `category` from its key or display name; unknown values are returned as given. */
export function normaliseSubcategory(category: string, value: string): string {
  const c = byKey.get(category);
  const v = value.trim();
  if (!c) return v;
  const found = c.subcategories.find(
    (s) => s.key === v || s.key === v.toLowerCase() || s.name.toLowerCase() === v.toLowerCase(),
  );
  return found?.key ?? v;
}

export function isSubcategoryOf(category: string, sub: string): boolean {
  return !!byKey.get(category)?.subcategories.some((s) => s.key === sub);
}

export function categoryName(key: string | null | undefined): string {
  return categoryByKey(key)?.name ?? (key || 'Not specified');
}

export function subcategoryName(category: string, key: string): string {
  return byKey.get(category)?.subcategories.find((s) => s.key === key)?.name ?? key;
}

/** CPV codes of a category and its chosen subcategories (the category's own code first). */
export function cpvCodesFor(category: string, subcategories: readonly string[] = []): string[] {
  const c = byKey.get(category);
  if (!c) return [];
  const codes = [
    c.cpv,
    ...subcategories.map((s) => c.subcategories.find((x) => x.key === s)?.cpv).filter((x): x is string => !!x),
  ];
  return [...new Set(codes)];
}

/**
 * The category whose CPV code shares the longest prefix with `cpv` (CPV codes are hierarchical:
 * trailing zeros widen the class), for filing external notices under our taxonomy.
 */
export function categoryForCpv(cpv: string): { category: CategoryKey; subcategory: string | null } | null {
  const code = cpv.replace(/\D/g, '').slice(0, 8);
  if (code.length < 2) return null;
  const significant = (c: string) => c.replace(/0+$/, '');
  let best: { category: CategoryKey; subcategory: string | null; score: number } | null = null;
  for (const c of CATEGORIES) {
    const entries: Array<{ cpv: string; sub: string | null }> = [
      { cpv: c.cpv, sub: null },
      ...c.subcategories.map((s) => ({ cpv: s.cpv, sub: s.key })),
    ];
    for (const e of entries) {
      const prefix = significant(e.cpv);
      if (prefix.length >= 2 && code.startsWith(prefix) && (!best || prefix.length > best.score)) {
        best = { category: c.key, subcategory: e.sub, score: prefix.length };
      }
    }
  }
  return best ? { category: best.category, subcategory: best.subcategory } : null;
}
