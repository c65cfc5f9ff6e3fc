import { z } from 'zod';
import { isoDate } from './common.ts';
import { CATEGORY_KEYS, normaliseCategory } from '../domain/categories.ts';
import { REGION_KEYS, normaliseRegion } from '../domain/regions.ts';
import { MAX_PENCE } from './listing.ts';

/**
 * Profiles (docs/product.md section 3 Profile and Buyer-profile extras), their projects, portfolio,
 * documents and requirements. Money travels as pounds under the SPEC name (`budget`, `value`,
 * `minOrderValue`) and as integer pence (`…Pence`); requests send pounds.
 */

/** Pounds with at most 2 decimals, as a number or a numeric string; answers pence. */
export const moneyPoundsSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 1250.50')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .min(0, 'Cannot be negative')
      .max(MAX_PENCE / 100, 'Too large')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimal places'),
  )
  .transform((v) => Math.round(v * 100));

/** Optional text: '' and null clear the field. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
const list = (maxItems: number, maxLen: number) =>
  z
    .array(z.string().trim().min(1).max(maxLen))
    .max(maxItems)
    .transform((xs) => [...new Set(xs)]);
const isoDay = isoDate('Use a date like 2025-06-30');

export const PROFILE_VISIBILITIES = ['public', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const CONTACT_VISIBILITIES = ['counterparties', 'members'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];

export const materialsNeededSchema = z.object({
  requiredProducts: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        description: clearable(1000)
          .optional()
          .transform((v) => v ?? null),
        quantity: z
          .union([z.string(), z.number()])
          .transform((v) => String(v).trim())
          .pipe(z.string().max(100))
          .nullable()
          .optional()
          .transform((v) => (v ? v : null)),
      }),
    )
    .max(50)
    .default([]),
  currentTender: clearable(500)
    .optional()
    .transform((v) => v ?? null),
  deliveryDeadline: clearable(100)
    .optional()
    .transform((v) => v ?? null),
  sustainabilityFocus: clearable(500)
    .optional()
    .transform((v) => v ?? null),
  futureTender: clearable(500)
    .optional()
    .transform((v) => v ?? null),
  expectedStartDate: clearable(100)
    .optional()
    .transform((v) => v ?? null),
  volume: clearable(200)
    .optional()
    .transform((v) => v ?? null),
});
export type MaterialsNeededInput = z.input<typeof materialsNeededSchema>;

export const profileDocumentInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  url: z.string().trim().min(1).max(2048).describe('Storage key or stored file URL of your upload'),
});

/**
 * PUT /api/settings/profile: the company details a user owns. Any other key (role, approved,
 * subscription, userId, email, …) is dropped, never applied. Omitted fields stay as they are;
 * null or '' clears one. `documents`, when sent, replaces the list.
 */
export const updateProfileBodySchema = z.object({
  companyName: z.string().trim().min(1).max(160).optional(),
  image: clearable(2048)
    .optional()
    .describe('Storage key or stored file URL of an uploaded image; null removes the logo'),
  region: z
    .string()
    .trim()
    .transform(normaliseRegion)
    .pipe(z.enum(REGION_KEYS, { error: 'Choose a UK region from the list' }))
    .nullable()
    .optional(),
  companySize: clearable(40).optional(),
  registrationNumber: clearable(40).optional(),
  companyDescription: clearable(5000).optional(),
  preferredCategories: z
    .array(
      z
        .string()
        .trim()
        .transform(normaliseCategory)
        .pipe(z.enum(CATEGORY_KEYS, { error: 'Choose a category from the list' })),
    )
    .max(30)
    .transform((xs) => [...new Set(xs)])
    .optional(),
  subcategories: list(100, 100).optional(),
  certifications: list(50, 120).optional(),
  qualityStandards: list(50, 120).optional(),
  manufacturingCapacity: z.number().int().min(0).max(1_000_000_000).nullable().optional().describe('Units per month'),
  leadTime: z.number().int().min(0).max(3650).nullable().optional().describe('Days'),
  minOrderValue: moneyPoundsSchema.nullable().optional().describe('Pounds'),
  deliveryLocations: z
    .array(z.string().trim().min(1).max(100).transform(normaliseRegion))
    .max(50)
    .transform((xs) => [...new Set(xs)])
    .optional(),
  paymentTerms: clearable(500).optional(),
  warrantyOffered: clearable(500).optional(),
  rebate: clearable(500).optional(),
  website: z
    .string()
    .trim()
    .max(300)
    .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
    .pipe(
      z.union([
        z.literal(''),
        z.url({ protocol: /^https?$/, message: 'Enter a web address like https://example.co.uk' }),
      ]),
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  industry: clearable(120).optional(),
  specialization: clearable(200).optional(),
  yearsInBusiness: z.number().int().min(0).max(500).nullable().optional(),
  materialsNeeded: materialsNeededSchema.nullable().optional(),
  documents: z.array(profileDocumentInputSchema).max(30).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const profileDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string(),
  url: z.string().nullable().describe('A signed download link, valid for a while'),
  createdAt: z.string(),
});

// ---- projects ----

export const PAST_PROJECT_STATUS = 'completed';

export const createProjectBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: clearable(2000).optional(),
  location: clearable(200).optional(),
  status: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((s) => s.toLowerCase())
    .default('ongoing')
    .describe('ongoing, planned, on-hold, … ; completed makes it a past project'),
  budget: moneyPoundsSchema.nullable().optional().describe('Pounds'),
  estimatedCompletion: isoDay.nullable().optional(),
  completionDate: isoDay.nullable().optional(),
});
export const updateProjectBodySchema = createProjectBodySchema.partial().extend({
  status: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((s) => s.toLowerCase())
    .optional(),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  status: z.string(),
  budget: z.number().nullable(),
  budgetPence: z.number().int().nullable(),
  estimatedCompletion: z.string().nullable(),
  completionDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

// ---- portfolio ----

export const createPortfolioItemBodySchema = z.object({
  title: z.string().trim().min(1).max(200),
  value: moneyPoundsSchema.nullable().optional().describe('Pounds'),
  description: clearable(2000).optional(),
  client: clearable(200).optional(),
  completionDate: isoDay.nullable().optional(),
});
export const updatePortfolioItemBodySchema = createPortfolioItemBodySchema.partial();
export type CreatePortfolioItemBody = z.input<typeof createPortfolioItemBodySchema>;

export const portfolioItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  value: z.number().nullable(),
  valuePence: z.number().int().nullable(),
  description: z.string().nullable(),
  client: z.string().nullable(),
  completionDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

// ---- requirements ----

export const updateRequirementsBodySchema = z.object({
  qualityStandards: list(50, 120).optional(),
  deliveryReliability: clearable(1000).optional(),
  sustainability: clearable(1000).optional(),
  pricing: clearable(1000).optional(),
});
export type UpdateRequirementsBody = z.input<typeof updateRequirementsBodySchema>;

/**
 * PUT /api/settings/profile-and-requirements: the profile settings form's one save. The profile's
 * fields as PUT /api/settings/profile takes them, and under `requirements` what PUT /api/requirements
 * takes; both are written in one transaction, so a refused part leaves the other as it was.
 */
export const updateProfileAndRequirementsBodySchema = updateProfileBodySchema.extend({
  requirements: updateRequirementsBodySchema.optional(),
});
export type UpdateProfileAndRequirementsBody = z.input<typeof updateProfileAndRequirementsBodySchema>;

export const requirementsSchema = z.object({
  userId: z.uuid(),
  qualityStandards: z.array(z.string()),
  deliveryReliability: z.string().nullable(),
  sustainability: z.string().nullable(),
  pricing: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Requirements = z.infer<typeof requirementsSchema>;

export const optionalIdParamsSchema = z.object({ id: z.uuid().optional() });

// ---- the profile as read ----

export const reviewSummarySchema = z.object({
  average: z.number().nullable().describe('1–5 with one decimal; null without reviews'),
  count: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const profileReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.object({ id: z.uuid(), name: z.string(), companyName: z.string() }),
  createdAt: z.string(),
});

/**
 * GET /api/users/profile/{id}: every field of docs/product.md section 3 Profile and Buyer-profile
 * extras. firstName, lastName, email and phone are null unless `contactVisible`.
 */
export const profileSchema = z.object({
  id: z.uuid(),
  userRole: z.enum(['buyer', 'supplier', 'admin']),
  approved: z.boolean(),
  isOwner: z.boolean(),
  companyName: z.string(),
  image: z.string().nullable().describe('Storage key of the logo'),
  imageUrl: z.string().nullable().describe('A signed download link of the logo'),
  region: z.string().nullable(),
  companySize: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  companyDescription: z.string().nullable(),
  preferredCategories: z.array(z.string()),
  subcategories: z.array(z.string()),
  certifications: z.array(z.string()),
  qualityStandards: z.array(z.string()),
  manufacturingCapacity: z.number().int().nullable(),
  leadTime: z.number().int().nullable(),
  minOrderValue: z.number().nullable(),
  minOrderValuePence: z.number().int().nullable(),
  catalogueItems: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      category: z.string(),
      quantity: z.number().int().nullable(),
      budget: z.number().nullable(),
      value: z.number().nullable(),
    }),
  ),
  deliveryLocations: z.array(z.string()),
  paymentTerms: z.string().nullable(),
  warrantyOffered: z.string().nullable(),
  rebate: z.string().nullable(),
  contactVisible: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  documents: z.array(profileDocumentSchema),
  portfolioItems: z.array(portfolioItemSchema),
  industry: z.string().nullable(),
  specialization: z.string().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  currentProjects: z.array(projectSchema),
  pastProjects: z.array(projectSchema),
  materialsNeeded: z
    .object({
      requiredProducts: z.array(
        z.object({ name: z.string(), description: z.string().nullable(), quantity: z.string().nullable() }),
      ),
      currentTender: z.string().nullable(),
      deliveryDeadline: z.string().nullable(),
      sustainabilityFocus: z.string().nullable(),
      futureTender: z.string().nullable(),
      expectedStartDate: z.string().nullable(),
      volume: z.string().nullable(),
    })
    .nullable(),
  /** what this user asks of the other side (for a buyer: SPEC's supplierRequirements) */
  supplierRequirements: requirementsSchema.nullable(),
  buyerRequirements: requirementsSchema.nullable(),
  reviewSummary: reviewSummarySchema,
  reviews: z.array(profileReviewSchema).describe('The latest 20'),
  visibility: z.enum(PROFILE_VISIBILITIES),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
