import type { PackCatalogueItem, PackProfile, PackSupplier, PackTender } from './inputs.ts';

/**
 * Small hand-made bid pack inputs for the unit tests of this folder: every field empty or null,
 * so that a test states only what its rule reads.
 */
export function tender(over: Partial<PackTender> = {}): PackTender {
  return {
    kind: 'tender',
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Steel beams for a warehouse',
    description: null,
    specifications: null,
    category: 'structural-steel',
    subcategories: ['beams-and-columns'],
    cpvCodes: [],
    cpvLabels: {},
    requiredCertifications: [],
    qualityStandards: [],
    insurance: null,
    paymentTerms: null,
    leadTimeDays: null,
    deadline: null,
    contractStart: null,
    valuePence: null,
    currency: 'GBP',
    quantity: null,
    region: null,
    location: null,
    buyerName: null,
    reference: null,
    warrantyRequired: null,
    open: true,
    ...over,
  };
}

export function profile(over: Partial<PackProfile> = {}): PackProfile {
  return {
    region: null,
    companySize: null,
    registrationNumber: null,
    companyDescription: null,
    preferredCategories: [],
    subcategories: [],
    certifications: [],
    qualityStandards: [],
    manufacturingCapacity: null,
    leadTimeDays: null,
    minOrderValuePence: null,
    deliveryLocations: [],
    paymentTerms: null,
    warrantyOffered: null,
    rebate: null,
    website: null,
    yearsInBusiness: null,
    specialization: null,
    ...over,
  };
}

export function item(over: Partial<PackCatalogueItem> = {}): PackCatalogueItem {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Universal beams',
    description: 'Hot rolled steel beams',
    specifications: null,
    category: 'structural-steel',
    subcategories: ['beams-and-columns'],
    valuePence: null,
    quantity: null,
    leadTimeDays: null,
    region: null,
    availability: 'available',
    paymentTerms: null,
    insurance: null,
    supplierType: null,
    warrantyRequirement: null,
    certifications: [],
    deliveryLocations: [],
    ...over,
  };
}

export function supplier(over: Partial<PackSupplier> = {}): PackSupplier {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    companyName: 'Acme Steel',
    profile: null,
    catalogue: [],
    portfolio: [],
    fulfilledDeals: 0,
    ...over,
  };
}
