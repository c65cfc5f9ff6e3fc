import type { Profile } from '@brickyard/shared';

/** Data the web's tests render screens with (never imported by the product). */

export const PROFILE_ID = '6f1c0f8e-2a4b-4c59-9a7e-1d2f3a4b5c6d';

/** A buyer's complete profile as GET /api/settings/profile answers it. */
export function profile(over: Partial<Profile> = {}): Profile {
  return {
    id: PROFILE_ID,
    userRole: 'buyer',
    approved: true,
    isOwner: true,
    companyName: 'Northgate Developments Ltd',
    image: `${PROFILE_ID}/profile-image/logo.png`,
    imageUrl: '/files/x',
    region: 'north-west',
    companySize: '201-500',
    registrationNumber: '08812345',
    companyDescription: null,
    preferredCategories: ['timber'],
    subcategories: ['roof-trusses'],
    certifications: ['ISO 9001'],
    qualityStandards: [],
    manufacturingCapacity: null,
    leadTime: 14,
    minOrderValue: 2500.5,
    minOrderValuePence: 250050,
    catalogueItems: [],
    deliveryLocations: ['north-west'],
    paymentTerms: '30 days',
    warrantyOffered: null,
    rebate: null,
    contactVisible: true,
    firstName: 'Bea',
    lastName: 'Hughes',
    email: 'buyer@example.test',
    phone: null,
    website: 'https://northgate.example',
    documents: [
      {
        id: PROFILE_ID,
        name: 'Insurance',
        key: `${PROFILE_ID}/profile-document/ins.pdf`,
        url: '/files/y',
        createdAt: '2025-01-01T00:00:00Z',
      },
    ],
    portfolioItems: [],
    industry: 'Development',
    specialization: null,
    yearsInBusiness: 14,
    currentProjects: [],
    pastProjects: [],
    materialsNeeded: {
      requiredProducts: [{ name: 'Roof trusses', description: null, quantity: '48 sets' }],
      currentTender: null,
      deliveryDeadline: null,
      sustainabilityFocus: 'FSC timber',
      futureTender: null,
      expectedStartDate: null,
      volume: null,
    },
    supplierRequirements: {
      userId: PROFILE_ID,
      qualityStandards: ['FSC'],
      deliveryReliability: null,
      sustainability: null,
      pricing: 'Fixed 90 days',
      updatedAt: null,
    },
    buyerRequirements: null,
    reviewSummary: { average: null, count: 0 },
    reviews: [],
    visibility: 'public',
    memberSince: '2025-01-01T00:00:00Z',
    ...over,
  };
}
