import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapRelease, type MappedRelease } from './ocds-mapper.ts';
import { unpackOcds } from './ocds-package.ts';

const snapshot = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'snapshot/demo-release-package.json'), 'utf8'),
) as {
  releases: Record<string, any>[];
};
const real = (i: number) => structuredClone(snapshot.releases[i]!);
const ok = (release: unknown, publisher = 'Cabinet Office'): MappedRelease => {
  const r = mapRelease(release, { publisher });
  if (!r.ok) throw new Error(`rejected: ${r.reason}`);
  return r.row;
};

describe('docs/product.md §3 External tender: mapping real OCDS releases', () => {
  it('maps every field of a Contracts Finder tender release (Regent Theatre, Ipswich)', () => {
    const row = ok(real(0));
    expect(row).toMatchObject({
      ocid: 'ocds-b5fd17-77c2b2da-8f41-4ccf-8b73-39c90ec15cb2',
      releaseId: 'c7ffea50-756d-4c18-98c4-b7fb656c9fb9-582261',
      origin: 'contracts-finder',
      title: 'Regent Theatre Back of House Ventilation & Cooling',
      tenderStatus: 'active',
      amountMinor: 2_000_000,
      currency: 'GBP',
      // No region on the delivery addresses: the buyer's locality.
      location: 'Suffolk',
      tenderId: 'IT-368-14032-IBC/14032',
      procurementMethod: 'open',
      procurementMethodDetails: 'Open procedure (below threshold)',
      sourceUrl: 'https://www.contractsfinder.service.gov.uk/Notice/c7ffea50-756d-4c18-98c4-b7fb656c9fb9',
      buyerName: 'Ipswich Borough Council',
      cpvCodes: ['51000000', '45000000'],
      noticeType: 'tender',
      tags: ['tender'],
      publisher: 'Cabinet Office',
    });
    expect(row.description).toMatch(
      /^This opportunity is available in the `Current Tenders` area of www\.suffolksourcing\.uk\./,
    );
    expect(row.description).not.toContain('\r');
    // tenderPeriod has no start: the tender's publication date opens it.
    expect(row.tenderStartDate?.toISOString()).toBe('2022-10-19T15:20:38.000Z');
    expect(row.tenderEndDate?.toISOString()).toBe('2022-11-23T23:59:59.000Z');
    // No awardPeriod: the contract period is the award window.
    expect(row.awardStartDate?.toISOString()).toBe('2023-02-06T00:00:00.000Z');
    expect(row.awardEndDate?.toISOString()).toBe('2023-08-11T22:59:59.000Z');
    expect(row.date.toISOString()).toBe('2022-10-19T15:20:38.000Z');
    expect(JSON.parse(row.rawJson)).toEqual(real(0));
    expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('maps an award release: awarded pence, the award contract period, region London, the award notice link', () => {
    const row = ok(real(30));
    expect(row).toMatchObject({
      title: 'GB-London: Latimer Road Internal and External Refurbishment',
      tenderStatus: 'complete',
      amountMinor: 26_332_117,
      currency: 'GBP',
      location: 'London',
      tenderId: 'BIP919868359',
      procurementMethod: null,
      procurementMethodDetails: 'Not specified',
      sourceUrl: 'https://www.contractsfinder.service.gov.uk/Notice/0ef92a60-dd18-43ae-a00c-4255dc32baaa',
      buyerName: 'Peabody Trust',
      cpvCodes: ['45453100'],
      noticeType: 'award',
      tenderStartDate: null,
    });
    expect(row.awardStartDate?.toISOString()).toBe('2025-01-05T00:00:00.000Z');
    expect(row.awardEndDate?.toISOString()).toBe('2025-07-06T22:59:59.000Z');
  });

  it('maps a Sell2Wales release: no value, NUTS region named, awardPeriod start only, the notice document as source', () => {
    const row = ok(real(46));
    expect(row).toMatchObject({
      ocid: 'ocds-kuma6s-147998',
      origin: 'sell2wales',
      title: 'Construction Of A New 3G Synthetic Pitch (Ysgol Bryn Alyn)',
      amountMinor: null,
      currency: null,
      location: 'Wales',
      procurementMethod: 'open',
      procurementMethodDetails: 'Open procedure',
      sourceUrl: 'https://www.sell2wales.gov.wales/search/show/search_view.aspx?ID=FEB497554',
      buyerName: 'Wrexham County Borough Council',
      cpvCodes: ['45000000'],
      tenderStartDate: null,
      awardEndDate: null,
    });
    expect(row.awardStartDate?.toISOString()).toBe('2025-03-10T12:30:00.000Z');
    expect(row.tenderEndDate?.toISOString()).toBe('2025-03-10T12:00:00.000Z');
  });

  it('maps all 60 shipped releases, each with a title, a date and an http(s) source', () => {
    for (const r of snapshot.releases) {
      const row = ok(r);
      expect(row.title.length).toBeGreaterThan(0);
      expect(row.sourceUrl).toMatch(/^https?:\/\//);
      expect(row.cpvCodes.every((c) => /^\d{8}$/.test(c))).toBe(true);
    }
  });
});

describe('docs/product.md §3/§5 External tender: missing values and odd currencies', () => {
  const base = () => real(0);

  it('missing optional parts become null, never a guess', () => {
    const r = base();
    delete r.tender.value;
    delete r.tender.minValue;
    delete r.tender.tenderPeriod;
    delete r.tender.contractPeriod;
    delete r.tender.datePublished;
    delete r.tender.procurementMethod;
    delete r.tender.procurementMethodDetails;
    delete r.tender.documents;
    delete r.tender.items;
    delete r.tender.classification;
    delete r.tender.additionalClassifications;
    delete r.tender.description;
    delete r.parties;
    delete r.buyer;
    delete r.tag;
    const row = ok(r, '');
    expect(row).toMatchObject({
      amountMinor: null,
      currency: null,
      location: null,
      tenderStartDate: null,
      tenderEndDate: null,
      awardStartDate: null,
      awardEndDate: null,
      procurementMethod: null,
      procurementMethodDetails: null,
      description: null,
      buyerName: null,
      cpvCodes: [],
      noticeType: null,
      publisher: null,
    });
    // The Contracts Finder link can still be built from the release id.
    expect(row.sourceUrl).toBe(
      'https://www.contractsfinder.service.gov.uk/Notice/c7ffea50-756d-4c18-98c4-b7fb656c9fb9',
    );
  });

  it.each([
    [{ amount: 1500, currency: 'USD' }, 150_000, 'USD'],
    [{ amount: 99.99, currency: 'eur' }, 9_999, 'EUR'],
    [{ amount: 120000, currency: 'JPY' }, 120_000, 'JPY'],
    [{ amount: 1.234, currency: 'KWD' }, 1_234, 'KWD'],
    [{ amount: '2500.50', currency: 'GBP' }, 250_050, 'GBP'],
    [{ amount: 1000, currency: 'POUNDS' }, 100_000, null],
    [{ amount: 1000 }, 100_000, null],
    [{ amount: -5, currency: 'GBP' }, null, null],
    [{ amount: 'a lot', currency: 'GBP' }, null, null],
    [{ amount: 1e300, currency: 'GBP' }, null, null],
  ])('value %j → %s minor units of %s', (value, minor, currency) => {
    const r = base();
    r.tender.value = value;
    const row = ok(r);
    expect(row.amountMinor).toBe(minor);
    expect(row.currency).toBe(minor === null ? null : currency);
  });

  it('without tender.value, the standing awards are summed when they share a currency', () => {
    const r = base();
    delete r.tender.value;
    r.awards = [
      { id: 'a', status: 'active', value: { amount: 100, currency: 'GBP' } },
      { id: 'b', status: 'pending', value: { amount: 50.5, currency: 'GBP' } },
      { id: 'c', status: 'cancelled', value: { amount: 999, currency: 'GBP' } },
    ];
    expect(ok(r)).toMatchObject({ amountMinor: 15_050, currency: 'GBP' });
    r.awards[1].value.currency = 'EUR';
    expect(ok(r)).toMatchObject({ amountMinor: null, currency: null });
  });

  it('keeps only http(s) source links and strips NUL characters', () => {
    const r = base();
    r.id = 'not-a-uuid';
    r.tender.documents = [{ id: '1', documentType: 'tenderNotice', url: 'javascript:alert(1)' }];
    r.tender.title = 'Roof\u0000 repairs';
    const row = ok(r);
    expect(row.sourceUrl).toBeNull();
    expect(row.title).toBe('Roof repairs');
    expect(row.rawJson).not.toContain('\\u0000');
  });

  it('builds Find a Tender links from the notice id', () => {
    const r = base();
    r.ocid = 'ocds-h6vhtk-04a1b2';
    r.id = '012345-2025';
    delete r.tender.documents;
    const row = ok(r);
    expect(row.origin).toBe('find-a-tender');
    expect(row.sourceUrl).toBe('https://www.find-tender.service.gov.uk/Notice/012345-2025');
  });

  it('reads NUTS codes and capitalised towns as names, and caps locations at three places', () => {
    const r = base();
    r.tender.items = [
      {
        id: '1',
        deliveryAddresses: [{ region: 'UKI31' }, { region: 'UKM' }, { region: 'North West' }, { region: 'UKK' }],
      },
    ];
    expect(ok(r).location).toBe('London, Scotland, North West');
    r.tender.items = [];
    r.parties[0].address.locality = 'SWINDON';
    expect(ok(r).location).toBe('Swindon');
  });

  it.each([
    [{}, 'ocid'],
    [{ ocid: 'ocds-x-1' }, 'id'],
    [{ ocid: 'ocds-x-1', id: 'r1' }, 'date'],
    [{ ocid: 'ocds-x-1', id: 'r1', date: 'yesterday' }, 'date'],
    [{ ocid: 'ocds-x-1', id: 'r1', date: '2025-01-01T00:00:00Z', tender: 'oops' }, 'tender'],
    [{ ocid: 'ocds-x-1', id: 'r1', date: '2025-01-01T00:00:00Z', tender: {} }, 'no title'],
    ['not an object', ''],
  ])('rejects a malformed release %j with a reason naming %s', (release, word) => {
    const r = mapRelease(release);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(word);
  });
});

describe('DESIGN §6 OCDS packages: release packages, record packages, single releases', () => {
  it('unpacks a record package: embedded releases, else the compiled release', () => {
    const rel = real(0);
    const res = unpackOcds({
      publisher: { name: 'P' },
      records: [
        { ocid: rel.ocid, releases: [rel, real(1)] },
        {
          ocid: 'ocds-x',
          releases: [{ url: 'https://example.test/r.json', date: '2025-01-01', tag: ['tender'] }],
          compiledRelease: { ...real(4), tag: ['compiled'] },
        },
      ],
    });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.kind).toBe('record-package');
    expect(res.releases.map((r) => r.position)).toEqual([
      'records[0].releases[0]',
      'records[0].releases[1]',
      'records[1].compiledRelease',
    ]);
    expect(res.releases[0]!.publisher).toBe('P');
  });

  it('rejects documents that are not OCDS with a reason', () => {
    expect(unpackOcds([1, 2])).toMatchObject({ ok: false });
    expect(unpackOcds({ releases: 'nope' })).toMatchObject({ ok: false, reason: 'releases must be an array' });
    expect(unpackOcds({ hello: 1 })).toMatchObject({ ok: false });
  });
});
