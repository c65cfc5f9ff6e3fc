import { describe, expect, it } from 'vitest';
import { updateProfileAndRequirementsBodySchema, updateProfileBodySchema } from '@brickyard/shared';
import { PROFILE_ID, profile } from '@/test/fixtures';
import { formToBody, formToSaveBody, profileFormSchema, profileToForm } from './profile-values';

describe('profile settings form values (docs/product.md section 3 Profile and Buyer-profile extras)', () => {
  it('round-trips a profile into a body the shared contract accepts, money in pounds, blanks cleared', () => {
    const values = profileToForm(profile());
    expect(values.minOrderValue).toBe('2500.5');
    expect(values.documents).toEqual([{ name: 'Insurance', url: `${PROFILE_ID}/profile-document/ins.pdf` }]);
    expect(values.reqPricing).toBe('Fixed 90 days');
    const body = formToBody({ ...values, rebate: '  ', yearsInBusiness: '15' }, true, false);
    expect(body).not.toHaveProperty('image');
    expect(body).toMatchObject({
      rebate: null,
      yearsInBusiness: 15,
      leadTime: 14,
      minOrderValue: 2500.5,
      manufacturingCapacity: null,
    });
    const parsed = updateProfileBodySchema.parse(body);
    expect(parsed.minOrderValue).toBe(250050);
    expect(parsed.materialsNeeded?.requiredProducts).toEqual([
      { name: 'Roof trusses', description: null, quantity: '48 sets' },
    ]);
    expect(parsed.website).toBe('https://northgate.example');
  });

  it('sends the logo only when it changed, and buyer extras only for buyers', () => {
    const values = profileToForm(profile({ userRole: 'supplier', supplierRequirements: null }));
    expect(formToBody({ ...values, image: null }, false, true).image).toBeNull();
    const supplierBody = formToBody(values, false, false);
    expect(supplierBody).not.toHaveProperty('industry');
    expect(supplierBody).not.toHaveProperty('materialsNeeded');
  });

  it('validates next to the fields what the server would refuse', () => {
    const values = profileToForm(profile());
    const bad = profileFormSchema.safeParse({
      ...values,
      companyName: ' ',
      website: 'not a site',
      minOrderValue: '12.345',
      leadTime: '4000',
      yearsInBusiness: 'ten',
      requiredProducts: [{ name: '', quantity: '', description: '' }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual([
      'companyName',
      'leadTime',
      'minOrderValue',
      'requiredProducts.0.name',
      'website',
      'yearsInBusiness',
    ]);
    expect(
      profileFormSchema.safeParse({ ...values, website: 'example.co.uk', minOrderValue: '£1,250.50' }).success,
    ).toBe(true);
  });
});

describe('formToSaveBody (the one request that saves profile and requirements)', () => {
  it('carries the requirements with the profile, blank answers cleared, and the API accepts it', () => {
    const values = {
      ...profileToForm(profile()),
      reqQualityStandards: ['UKCA marking'],
      reqDeliveryReliability: '  ',
      reqPricing: ' Fixed price ',
    };
    const body = formToSaveBody(values, true, false);
    expect(body.requirements).toEqual({
      qualityStandards: ['UKCA marking'],
      deliveryReliability: null,
      sustainability: values.reqSustainability.trim() || null,
      pricing: 'Fixed price',
    });
    expect(body.companyName).toBe('Northgate Developments Ltd');
    expect(updateProfileAndRequirementsBodySchema.safeParse(body).success).toBe(true);
  });
});
