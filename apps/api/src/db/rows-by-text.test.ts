import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { columnsAs, rowsByText } from './client.ts';
import { catalogueItems, tenders } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a fixed read by its text, its columns named as drizzle names them', () => {
  it('gives the rows drizzle gives: dates, arrays, JSON, big numbers and nulls alike', async () => {
    const owner = await t.createUser({ role: 'supplier' });
    const [full] = await t.db
      .insert(catalogueItems)
      .values({
        userId: owner.id,
        title: 'Oak beams',
        description: 'Kiln-dried green oak',
        specifications: '200 × 200 mm',
        category: 'Timber',
        subcategories: ['Structural timber', 'Hardwood'],
        valuePence: 9_007_199_254_740, // past 2^32: a bigint
        quantity: 40,
        leadTimeDays: 12,
        region: 'Wales',
        availability: 'limited',
        warrantyRequirement: true,
        rebate: false,
        attachments: [{ name: 'spec.pdf', url: '/files/spec.pdf' }],
        supportingDocumentIds: ['doc-1'],
        certifications: ['FSC'],
        deliveryLocations: ['Cardiff', 'Swansea'],
      })
      .returning();
    const [sparse] = await t.db
      .insert(catalogueItems)
      .values({ userId: owner.id, title: 'Sand', description: 'Sharp sand', category: 'Aggregates' })
      .returning();
    const read = rowsByText<typeof catalogueItems.$inferSelect>(
      'test_rows_by_text',
      `select ${columnsAs(catalogueItems, 'c')} from catalogue_items c where c.id = $1`,
    );
    for (const row of [full!, sparse!]) {
      const [byDrizzle] = await t.db.select().from(catalogueItems).where(eq(catalogueItems.id, row.id));
      const [byText] = await read(t.db, [row.id]);
      expect(byText).toEqual(byDrizzle);
      expect(byText!.createdAt).toBeInstanceOf(Date);
    }
    expect(await read(t.db, ['00000000-0000-4000-8000-000000000000'])).toEqual([]);
  });

  it('names every column of the table, under its alias', () => {
    const columns = columnsAs(tenders, 't');
    expect(columns).toContain('t."user_id" as "userId"');
    expect(columns).toContain('t."question_deadline" as "questionDeadline"');
  });
});
