import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { externalTenders } from '../../db/schema/index.ts';
import { importDocument, importFiles } from './feed-importer.ts';
import { SNAPSHOT_FILE } from './feed-jobs.ts';
import { withCpvLabels } from './external-tenders.service.ts';
import { buyerContactOf } from './ocds-mapper.ts';

let t: TestApp;
let supplier: TestUser;
const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')) as { releases: Record<string, any>[] };

beforeAll(async () => {
  t = await createTestApp();
  await importFiles(t.db, [SNAPSHOT_FILE]);
  supplier = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
});
afterAll(() => t.close());

const idOf = async (ocid: string) =>
  (await t.db.select({ id: externalTenders.id }).from(externalTenders).where(eq(externalTenders.ocid, ocid)))[0]!.id;
const open = async (ocid: string) => {
  const res = await t.request('GET', `/api/external-tenders/${await idOf(ocid)}`, { token: supplier.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("an external tender answers its buyer's contact point (OCDS parties[].contactPoint)", () => {
  it('an imported notice whose buyer publishes an email, phone and website keeps them on the detail read', async () => {
    const release = structuredClone(
      snapshot.releases.find((r) => r.tender?.title === 'Lift Preventative Maintenance')!,
    );
    release.ocid = 'ocds-kuma6s-contact-test';
    release.id = 'contact-test-1';
    const buyer = release.parties.find((p: any) => p.roles.includes('buyer'));
    buyer.contactPoint = {
      name: 'Procurement Team',
      email: 'procurement@council.example',
      telephone: '+44 1234 567890',
      url: 'https://council.example/tenders',
    };
    const s = await importDocument(t.db, { releases: [release] }, 'contact.json');
    expect(s.summary).toMatchObject({ new: 1, rejected: 0 });
    expect((await open(release.ocid)).buyerContact).toEqual({
      name: 'Procurement Team',
      email: 'procurement@council.example',
      telephone: '+44 1234 567890',
      url: 'https://council.example/tenders',
    });
  });

  it('a shipped notice with only a website answers the website; one with no contact point answers null', async () => {
    const withUrl = snapshot.releases.find((r) => r.tender?.title === 'Lift Preventative Maintenance')!;
    expect((await open(withUrl.ocid)).buyerContact).toEqual({
      name: null,
      email: null,
      telephone: null,
      url: 'https://etenderwales.bravosolution.co.uk/',
    });
    const without = snapshot.releases.find((r) => /Abbey Woods/.test(r.tender?.title ?? ''))!;
    expect((await open(without.ocid)).buyerContact).toBeNull();
  });

  it('lists leave the contact point out (it is read from the stored release only when a notice is opened)', async () => {
    const res = await t.request('GET', '/api/external-tenders/search?pageSize=3', { token: supplier.token });
    expect(res.body.data.every((d: any) => d.buyerContact === null)).toBe(true);
  });
});

describe('buyerContactOf', () => {
  it('drops what cannot be a mail address or a web link, and answers null when nothing usable is left', () => {
    const release = (contactPoint: unknown) => ({
      buyer: { id: 'b' },
      parties: [{ id: 'b', roles: ['buyer'], contactPoint }],
    });
    expect(buyerContactOf(release({ email: 'not an email', url: 'javascript:alert(1)' }))).toBeNull();
    expect(buyerContactOf(release({ email: 'a@b.example', url: 'ftp://x' }))).toEqual({
      name: null,
      email: 'a@b.example',
      telephone: null,
      url: null,
    });
    expect(buyerContactOf({ parties: [] })).toBeNull();
  });
});

describe('CPV codes come with their labels', () => {
  it('a notice answers `cpv` as {code, label} pairs in the order of `cpvCodes`', async () => {
    const res = await t.request('GET', '/api/external-tenders/search?pageSize=20', { token: supplier.token });
    const withCodes = res.body.data.filter((d: any) => d.cpvCodes.length > 0);
    expect(withCodes.length).toBeGreaterThan(0);
    for (const d of withCodes) expect(d.cpv.map((c: any) => c.code)).toEqual(d.cpvCodes);
    const all = withCodes.flatMap((d: any) => d.cpv);
    expect(all.every((c: any) => typeof c.label === 'string')).toBe(true);
    expect(all.some((c: any) => c.label.length > 0)).toBe(true);
    const detail = await open(withCodes[0].ocid);
    expect(detail.cpv).toEqual(withCodes[0].cpv);
  });

  it('45261910 reads "Roof repair"', () => {
    expect(withCpvLabels(['45261910', '99999999'])).toEqual([
      { code: '45261910', label: 'Roof repair' },
      { code: '99999999', label: '' },
    ]);
  });
});
