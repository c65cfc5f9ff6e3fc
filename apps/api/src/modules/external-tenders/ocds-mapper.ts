import crypto from 'node:crypto';
import { z } from 'zod';
import type { ExternalTenderOrigin } from '@brickyard/shared';

/**
 * OCDS 1.1 release → one row of the live feed (docs/product.md section 3, External tender). Pure: no I/O.
 * The README beside this file lists where every field comes from.
 */

export interface MappedRelease {
  ocid: string;
  releaseId: string;
  origin: ExternalTenderOrigin;
  title: string;
  description: string | null;
  tenderStatus: string | null;
  amountMinor: number | null;
  currency: string | null;
  location: string | null;
  tenderId: string | null;
  tenderStartDate: Date | null;
  tenderEndDate: Date | null;
  awardStartDate: Date | null;
  awardEndDate: Date | null;
  date: Date;
  procurementMethod: string | null;
  procurementMethodDetails: string | null;
  sourceUrl: string | null;
  buyerName: string | null;
  cpvCodes: string[];
  noticeType: string | null;
  tags: string[];
  publisher: string | null;
  /** sha256 of the release as published (after removing NUL characters). */
  contentHash: string;
  /** The release as published. */
  raw: Record<string, unknown>;
  /** The release as JSON text without NUL characters (as hashed and stored in the json column). */
  rawJson: string;
}

export type MapResult = { ok: true; row: MappedRelease } | { ok: false; ocid: string | null; reason: string };

/** The minimum shape a release must have; everything else is read defensively. */
const releaseShape = z.looseObject({
  ocid: z.string().trim().min(1, 'ocid is empty').max(200, 'ocid is too long'),
  id: z.union([z.string().trim().min(1, 'id is empty').max(300, 'id is too long'), z.number().finite()]),
  date: z.string().refine((d) => parseDate(d) !== null, 'date is not a valid date-time'),
  tag: z.array(z.string()).optional(),
  tender: z.looseObject({}).optional(),
  buyer: z.looseObject({}).optional(),
  parties: z.array(z.unknown()).optional(),
  awards: z.array(z.unknown()).optional(),
  contracts: z.array(z.unknown()).optional(),
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objAt = (v: unknown, key: string): Obj | null => (isObj(v) && isObj(v[key]) ? v[key] : null);
const arrAt = (v: unknown, key: string): unknown[] => (isObj(v) && Array.isArray(v[key]) ? (v[key] as unknown[]) : []);

// NUL cannot be stored in PostgreSQL text or jsonb; nothing legitimate uses it.
const stripNul = (s: string) => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

/** A trimmed, non-empty string (numbers become text), else null; CRLF normalised. */
function str(v: unknown, max = 100_000): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const s = stripNul(v).replace(/\r\n?/g, '\n').trim();
  return s ? s.slice(0, max) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export function parseDate(v: unknown): Date | null {
  if (typeof v !== 'string' || !ISO_DATE.test(v.trim())) return null;
  const d = new Date(v.trim());
  if (Number.isNaN(d.getTime())) return null;
  const y = d.getUTCFullYear();
  return y >= 1900 && y <= 9999 ? d : null;
}

/** ISO 4217 minor-unit digits (most currencies have 2). */
const ZERO_DECIMAL = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
];
const THREE_DECIMAL = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
export const CURRENCY_EXPONENTS = { zero: ZERO_DECIMAL, three: THREE_DECIMAL } as const;
export function currencyExponent(currency: string | null): number {
  if (!currency) return 2;
  if (ZERO_DECIMAL.includes(currency)) return 0;
  if (THREE_DECIMAL.includes(currency)) return 3;
  return 2;
}

function parseAmount(v: unknown): number | null {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function parseCurrency(v: unknown): string | null {
  const c = str(v);
  return c && /^[A-Za-z]{3}$/.test(c) ? c.toUpperCase() : null;
}

/** { amount, currency } → minor units; null when missing, negative, or too large to be exact. */
function money(value: Obj | null): { amountMinor: number; currency: string | null } | null {
  if (!value) return null;
  const amount = parseAmount(value.amount);
  if (amount === null) return null;
  const currency = parseCurrency(value.currency);
  const minor = Math.round(amount * 10 ** currencyExponent(currency));
  return Number.isSafeInteger(minor) ? { amountMinor: minor, currency } : null;
}

/**
 * The estimated value of the tender (`tender.value`); failing that, the total of the awards that
 * stand (status active or pending, or no status) when they share one currency.
 */
function amountOf(release: Obj): { amountMinor: number | null; currency: string | null } {
  const tender = objAt(release, 'tender');
  const tv = money(objAt(tender, 'value'));
  if (tv) return tv;
  const awarded = arrAt(release, 'awards')
    .filter((a) => isObj(a) && !['cancelled', 'unsuccessful'].includes(typeof a.status === 'string' ? a.status : ''))
    .map((a) => money(objAt(a, 'value')))
    .filter((m): m is NonNullable<typeof m> => m !== null);
  if (awarded.length > 0 && awarded.every((m) => m.currency === awarded[0]!.currency)) {
    const total = awarded.reduce((sum, m) => sum + m.amountMinor, 0);
    if (Number.isSafeInteger(total)) return { amountMinor: total, currency: awarded[0]!.currency };
  }
  return { amountMinor: null, currency: null };
}

/** NUTS 1 regions of the UK: Sell2Wales and Find a Tender give NUTS codes in `region`. */
const NUTS1: Record<string, string> = {
  UKC: 'North East',
  UKD: 'North West',
  UKE: 'Yorkshire and the Humber',
  UKF: 'East Midlands',
  UKG: 'West Midlands',
  UKH: 'East of England',
  UKI: 'London',
  UKJ: 'South East',
  UKK: 'South West',
  UKL: 'Wales',
  UKM: 'Scotland',
  UKN: 'Northern Ireland',
  UK: 'United Kingdom',
};
function regionName(v: unknown): string | null {
  const r = str(v, 200);
  if (!r) return null;
  if (/^UK[A-N]?[0-9A-Z]{0,3}$/.test(r)) return NUTS1[r.slice(0, 3)] ?? NUTS1[r.slice(0, 2)] ?? r;
  return tidyCase(r);
}
/** "SWINDON" → "Swindon"; text that is not all capitals is kept as written. */
function tidyCase(s: string): string {
  if (s !== s.toUpperCase() || !/[A-Z]/.test(s)) return s;
  return s.toLowerCase().replace(/(^|[\s\-,(])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
}

function buyerParty(release: Obj): Obj | null {
  const buyerId = str(objAt(release, 'buyer')?.id);
  const parties = arrAt(release, 'parties').filter(isObj);
  return (
    (buyerId ? parties.find((p) => str(p.id) === buyerId) : undefined) ??
    parties.find((p) => arrAt(p, 'roles').includes('buyer')) ??
    null
  );
}

export interface BuyerContact {
  name: string | null;
  email: string | null;
  telephone: string | null;
  url: string | null;
}

/**
 * The buyer's contact point (OCDS `parties[].contactPoint` of the buyer party), read from the
 * stored release when a notice is opened rather than kept in a column of its own. Only an
 * address that looks like an email becomes `email` (it goes into a mailto: link) and only an
 * http(s) address becomes `url`; null when nothing usable is published.
 */
export function buyerContactOf(input: unknown): BuyerContact | null {
  if (!isObj(input)) return null;
  const cp = objAt(buyerParty(input), 'contactPoint');
  if (!cp) return null;
  const email = str(cp.email, 320);
  const url = str(cp.url, 2048);
  const contact: BuyerContact = {
    name: str(cp.name, 200),
    email: email && /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/.test(email) ? email : null,
    telephone: str(cp.telephone, 50),
    url: url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null,
  };
  return contact.email || contact.telephone || contact.url ? contact : null;
}

/**
 * Where the work is: the regions of the items' delivery addresses (NUTS codes named), else the
 * items' delivery location descriptions, else the delivery locality, else the buyer's
 * region/locality, else a delivery postcode. At most three places, joined with ", ".
 */
function locationOf(release: Obj): string | null {
  const items = arrAt(objAt(release, 'tender'), 'items').filter(isObj);
  const addresses = items.flatMap((it) => arrAt(it, 'deliveryAddresses').filter(isObj));
  const locations = items.flatMap((it) => [
    ...(isObj(it.deliveryLocation) ? [it.deliveryLocation] : []),
    ...arrAt(it, 'deliveryLocations').filter(isObj),
  ]);
  const pick = (values: (string | null)[]) => {
    const distinct = [...new Set(values.filter((v): v is string => v !== null))];
    return distinct.length ? distinct.slice(0, 3).join(', ') : null;
  };
  const buyerAddress = objAt(buyerParty(release), 'address');
  return (
    pick(addresses.map((a) => regionName(a.region))) ??
    pick(locations.map((l) => str(l.description, 200))) ??
    pick(addresses.map((a) => (str(a.locality, 200) ? tidyCase(str(a.locality, 200)!) : null))) ??
    pick([
      regionName(buyerAddress?.region) ??
        (str(buyerAddress?.locality, 200) ? tidyCase(str(buyerAddress?.locality, 200)!) : null),
    ]) ??
    pick(addresses.map((a) => str(a.postalCode, 20)))
  );
}

/** CPV codes (8 digits, check digit dropped) from the tender and its items, main code first. */
function cpvCodesOf(release: Obj): string[] {
  const tender = objAt(release, 'tender');
  const classifications: unknown[] = [
    tender?.classification,
    ...arrAt(tender, 'additionalClassifications'),
    ...arrAt(tender, 'items').flatMap((it) => [
      isObj(it) ? it.classification : null,
      ...arrAt(it, 'additionalClassifications'),
    ]),
  ];
  const codes = new Set<string>();
  for (const c of classifications) {
    if (!isObj(c)) continue;
    const scheme = str(c.scheme);
    if (scheme && scheme.toUpperCase() !== 'CPV') continue;
    const m = /^(\d{8})(-\d)?$/.exec(str(c.id) ?? '');
    if (m) codes.add(m[1]!);
  }
  return [...codes].slice(0, 50);
}

export function originOf(ocid: string): ExternalTenderOrigin {
  if (ocid.startsWith('ocds-b5fd17-')) return 'contracts-finder';
  if (ocid.startsWith('ocds-h6vhtk-')) return 'find-a-tender';
  if (ocid.startsWith('ocds-kuma6s-')) return 'sell2wales';
  if (ocid.startsWith('ocds-r6ebe6-')) return 'public-contracts-scotland';
  return 'other';
}

const httpUrl = (v: unknown): string | null => {
  const s = str(v, 2000);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
};

const NOTICE_TYPES = ['tenderNotice', 'contractNotice', 'awardNotice', 'contractAwardNotice'];

/**
 * The link to the notice: a notice page of Contracts Finder or Find a Tender among the documents;
 * else one built from the release id (Contracts Finder `<uuid>-<n>`, Find a Tender `NNNNNN-YYYY`);
 * else the first tender/award notice document; else null. Only http(s) links are kept.
 */
function sourceOf(release: Obj, origin: ExternalTenderOrigin, releaseId: string): string | null {
  const docs = [
    ...arrAt(objAt(release, 'tender'), 'documents'),
    ...arrAt(release, 'awards').flatMap((a) => arrAt(a, 'documents')),
    ...arrAt(release, 'contracts').flatMap((c) => arrAt(c, 'documents')),
  ].filter(isObj);
  const urls = docs.map((d) => ({ url: httpUrl(d.url), type: str(d.documentType) }));
  const official = urls.find(
    (d) =>
      d.url &&
      /^https:\/\/www\.(contractsfinder\.service\.gov\.uk|find-tender\.service\.gov\.uk)\/Notice\//i.test(d.url),
  );
  if (official) return official.url;
  if (origin === 'contracts-finder') {
    const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(releaseId);
    if (m) return `https://www.contractsfinder.service.gov.uk/Notice/${m[1]}`;
  }
  if (origin === 'find-a-tender') {
    const m = /^(\d{6}-\d{4})/.exec(releaseId);
    if (m) return `https://www.find-tender.service.gov.uk/Notice/${m[1]}`;
  }
  return (
    urls.find((d) => d.url && d.type && NOTICE_TYPES.includes(d.type))?.url ?? urls.find((d) => d.url)?.url ?? null
  );
}

function period(v: Obj | null): { start: Date | null; end: Date | null } | null {
  if (!v) return null;
  const start = parseDate(v.startDate);
  const end = parseDate(v.endDate);
  return start || end ? { start, end } : null;
}

/** JSON text with NUL characters removed (PostgreSQL refuses them in text; the stored hashes assume it). */
function jsonOf(release: unknown): string {
  const json = JSON.stringify(release);
  return json.includes('\\u0000')
    ? JSON.stringify(release, (_k, v: unknown) => (typeof v === 'string' ? stripNul(v) : v))
    : json;
}

export interface MapContext {
  /** The package's publisher name (`publisher.name`). */
  publisher?: string | null;
}

export function mapRelease(input: unknown, ctx: MapContext = {}): MapResult {
  const ocidGuess = isObj(input) && typeof input.ocid === 'string' ? input.ocid.slice(0, 200) : null;
  const parsed = releaseShape.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, ocid: ocidGuess, reason: `${where}${issue.message}` };
  }
  const release: Obj = parsed.data;
  const json = jsonOf(release);
  const ocid = stripNul(parsed.data.ocid.trim());
  const releaseId = stripNul(String(parsed.data.id).trim());
  const tender = objAt(release, 'tender');
  const firstAward = arrAt(release, 'awards').find(isObj) ?? null;
  const firstContract = arrAt(release, 'contracts').find(isObj) ?? null;

  const title = str(tender?.title, 1000) ?? str(firstAward?.title, 1000) ?? str(firstContract?.title, 1000);
  if (!title) return { ok: false, ocid, reason: 'no title (tender.title, awards[].title or contracts[].title)' };

  const origin = originOf(ocid);
  const tenderPeriod = period(objAt(tender, 'tenderPeriod'));
  const awardWindow =
    period(objAt(tender, 'awardPeriod')) ??
    period(objAt(firstAward, 'contractPeriod')) ??
    period(objAt(tender, 'contractPeriod')) ??
    period(objAt(firstContract, 'period'));
  const tags = (parsed.data.tag ?? []).map((t) => stripNul(t)).filter(Boolean);
  const { amountMinor, currency } = amountOf(release);
  const status = str(tender?.status, 50);

  return {
    ok: true,
    row: {
      ocid,
      releaseId,
      origin,
      title,
      description: str(tender?.description) ?? str(release.description) ?? str(firstAward?.description),
      tenderStatus: status ? status.toLowerCase() : null,
      amountMinor,
      currency,
      location: locationOf(release),
      tenderId: str(tender?.id, 300),
      tenderStartDate: tenderPeriod?.start ?? parseDate(tender?.datePublished),
      tenderEndDate: tenderPeriod?.end ?? null,
      awardStartDate: awardWindow?.start ?? null,
      awardEndDate: awardWindow?.end ?? null,
      date: parseDate(release.date)!,
      procurementMethod: str(tender?.procurementMethod, 100),
      procurementMethodDetails: str(tender?.procurementMethodDetails, 1000),
      sourceUrl: sourceOf(release, origin, releaseId),
      buyerName: str(objAt(release, 'buyer')?.name, 500) ?? str(buyerParty(release)?.name, 500),
      cpvCodes: cpvCodesOf(release),
      noticeType: tags.find((t) => t !== 'compiled') ?? tags[0] ?? null,
      tags,
      publisher: str(ctx.publisher, 500),
      contentHash: crypto
        .createHash('sha256')
        .update(json)
        .update('\u0001')
        .update(ctx.publisher ?? '')
        .digest('hex'),
      raw: release,
      rawJson: json,
    },
  };
}
