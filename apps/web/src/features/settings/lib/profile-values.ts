import { z } from 'zod';
import type { Profile, UpdateProfileAndRequirementsBody, UpdateProfileBody } from '@brickyard/shared';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

/**
 * The profile settings form's values: every field of docs/product.md section 3 Profile and Buyer-profile
 * extras, plus the requirements of the other side, as strings and lists a form edits; and the
 * conversions to and from the API (profile.ts in packages/shared).
 */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const wholeNumber = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), `${label} must be a whole number`)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= max, `${label} is too large`);
const websiteRule = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
      return /^https?:$/.test(u.protocol) && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Enter a web address like https://example.co.uk');

export const profileFormSchema = z.object({
  companyName: z.string().trim().min(1, 'Enter your company name').max(160, 'At most 160 characters'),
  image: z.string().nullable(),
  region: z.string(),
  companySize: text(40),
  registrationNumber: text(40).refine(
    (v) => v === '' || /^[A-Za-z0-9 -]+$/.test(v),
    'Use letters, digits, spaces and dashes only',
  ),
  website: websiteRule,
  companyDescription: text(5000),
  preferredCategories: z.array(z.string()).max(30, 'Choose at most 30 categories'),
  subcategories: z.array(z.string()).max(100, 'Choose at most 100 subcategories'),
  certifications: z.array(z.string()).max(50, 'At most 50 certifications'),
  qualityStandards: z.array(z.string()).max(50, 'At most 50 standards'),
  manufacturingCapacity: wholeNumber('Capacity', 1_000_000_000),
  leadTime: wholeNumber('Lead time', 3650),
  minOrderValue: moneyField('Enter an amount in pounds, like 500 or 499.99'),
  deliveryLocations: z.array(z.string()).max(50),
  paymentTerms: text(500),
  warrantyOffered: text(500),
  rebate: text(500),
  documents: z.array(z.object({ name: z.string(), url: z.string() })).max(30, 'At most 30 documents'),
  // buyer-profile extras
  industry: text(120),
  specialization: text(200),
  yearsInBusiness: wholeNumber('Years in business', 500),
  requiredProducts: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Name the product or service').max(200, 'At most 200 characters'),
        quantity: text(100),
        description: text(1000),
      }),
    )
    .max(50, 'At most 50 products'),
  currentTender: text(500),
  futureTender: text(500),
  deliveryDeadline: text(100),
  expectedStartDate: text(100),
  volume: text(200),
  sustainabilityFocus: text(500),
  // requirements of the other side
  reqQualityStandards: z.array(z.string()).max(50, 'At most 50 standards'),
  reqDeliveryReliability: text(1000),
  reqSustainability: text(1000),
  reqPricing: text(1000),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const intOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

export function profileToForm(p: Profile): ProfileFormValues {
  const m = p.materialsNeeded;
  const req = (p.userRole === 'buyer' ? p.supplierRequirements : p.buyerRequirements) ?? null;
  return {
    companyName: p.companyName,
    image: p.image,
    region: p.region ?? '',
    companySize: p.companySize ?? '',
    registrationNumber: p.registrationNumber ?? '',
    website: p.website ?? '',
    companyDescription: p.companyDescription ?? '',
    preferredCategories: p.preferredCategories,
    subcategories: p.subcategories,
    certifications: p.certifications,
    qualityStandards: p.qualityStandards,
    manufacturingCapacity: str(p.manufacturingCapacity),
    leadTime: str(p.leadTime),
    minOrderValue: formatMoney(p.minOrderValuePence),
    deliveryLocations: p.deliveryLocations,
    paymentTerms: p.paymentTerms ?? '',
    warrantyOffered: p.warrantyOffered ?? '',
    rebate: p.rebate ?? '',
    documents: p.documents.map((d) => ({ name: d.name, url: d.key })),
    industry: p.industry ?? '',
    specialization: p.specialization ?? '',
    yearsInBusiness: str(p.yearsInBusiness),
    requiredProducts: (m?.requiredProducts ?? []).map((r) => ({
      name: r.name,
      quantity: r.quantity ?? '',
      description: r.description ?? '',
    })),
    currentTender: m?.currentTender ?? '',
    futureTender: m?.futureTender ?? '',
    deliveryDeadline: m?.deliveryDeadline ?? '',
    expectedStartDate: m?.expectedStartDate ?? '',
    volume: m?.volume ?? '',
    sustainabilityFocus: m?.sustainabilityFocus ?? '',
    reqQualityStandards: req?.qualityStandards ?? [],
    reqDeliveryReliability: req?.deliveryReliability ?? '',
    reqSustainability: req?.sustainability ?? '',
    reqPricing: req?.pricing ?? '',
  };
}

export function formToBody(v: ProfileFormValues, isBuyer: boolean, imageChanged: boolean): UpdateProfileBody {
  const body: UpdateProfileBody = {
    companyName: v.companyName.trim(),
    region: orNull(v.region),
    companySize: orNull(v.companySize),
    registrationNumber: orNull(v.registrationNumber),
    website: orNull(v.website),
    companyDescription: orNull(v.companyDescription),
    preferredCategories: v.preferredCategories,
    subcategories: v.subcategories,
    certifications: v.certifications,
    qualityStandards: v.qualityStandards,
    manufacturingCapacity: intOrNull(v.manufacturingCapacity),
    leadTime: intOrNull(v.leadTime),
    minOrderValue: moneyToPounds(v.minOrderValue),
    deliveryLocations: v.deliveryLocations,
    paymentTerms: orNull(v.paymentTerms),
    warrantyOffered: orNull(v.warrantyOffered),
    rebate: orNull(v.rebate),
    documents: v.documents.map((d) => ({ name: d.name, url: d.url })),
  };
  if (imageChanged) body.image = v.image;
  if (isBuyer) {
    body.industry = orNull(v.industry);
    body.specialization = orNull(v.specialization);
    body.yearsInBusiness = intOrNull(v.yearsInBusiness);
    body.materialsNeeded = {
      requiredProducts: v.requiredProducts.map((r) => ({
        name: r.name.trim(),
        quantity: orNull(r.quantity),
        description: orNull(r.description),
      })),
      currentTender: orNull(v.currentTender),
      futureTender: orNull(v.futureTender),
      deliveryDeadline: orNull(v.deliveryDeadline),
      expectedStartDate: orNull(v.expectedStartDate),
      volume: orNull(v.volume),
      sustainabilityFocus: orNull(v.sustainabilityFocus),
    };
  }
  return body;
}

/**
 * The form's one save (PUT /api/settings/profile-and-requirements): the profile and, under
 * `requirements`, what the user asks of the other side, so both are saved or neither.
 */
export function formToSaveBody(
  v: ProfileFormValues,
  isBuyer: boolean,
  imageChanged: boolean,
): UpdateProfileAndRequirementsBody {
  return {
    ...formToBody(v, isBuyer, imageChanged),
    requirements: {
      qualityStandards: v.reqQualityStandards,
      deliveryReliability: orNull(v.reqDeliveryReliability),
      sustainability: orNull(v.reqSustainability),
      pricing: orNull(v.reqPricing),
    },
  };
}

/** Where the server's messages about the requirements belong in the form. */
export const REQUIREMENT_FIELDS = {
  'requirements.qualityStandards': 'reqQualityStandards',
  'requirements.deliveryReliability': 'reqDeliveryReliability',
  'requirements.sustainability': 'reqSustainability',
  'requirements.pricing': 'reqPricing',
} as const satisfies Record<string, keyof ProfileFormValues>;
