import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listingFieldSchemas, listingFormToBody, listingToForm } from './listing-fields';

describe('the fields tenders and catalogue items share', () => {
  it('send what was stored back unchanged, and drop subcategories of another category', () => {
    const stored = {
      title: 'Steel frame',
      description: 'A four-storey frame',
      specifications: null,
      category: 'structural-steel',
      subcategories: ['not-a-steel-subcategory'],
      region: 'london',
      paymentTerms: '30 days',
      insurance: null,
      supplierType: null,
      warrantyRequirement: true,
      rebate: false,
      attachments: [{ name: 'a.pdf', url: 'uploads/a.pdf' }],
      supportingDocumentIds: ['uploads/b.pdf'],
    };
    const form = listingToForm(stored);
    expect(form.warrantyRequirement).toBe('yes');
    expect(form.rebate).toBe('no');
    expect(form.specifications).toBe('');
    const body = listingFormToBody(form);
    expect(body).toEqual({ ...stored, subcategories: [] });
  });

  it('name the listing in the description message', () => {
    const schema = z.object(listingFieldSchemas('the item'));
    const r = schema.safeParse({ ...listingToForm(), title: 'Tiles', description: 'short', category: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Describe the item in at least 10 characters']);
  });
});
