/**
 * Text helpers of the bid pack: splitting a specification into requirement clauses and finding
 * a clause's terms in the supplier's own words. Deterministic on purpose — the same tender and
 * profile always give the same pack.
 */
import { LRUCache } from 'lru-cache';

/**
 * The words and terms of a text, kept per text (frozen: every caller shares them). Every draft
 * reads the supplier's whole catalogue again, and an item's text is the same until it is edited:
 * reading its words was most of a response prefill's time (docs/performance.md).
 */
function keptPerText<T>(read: (text: string) => T): (text: string) => T {
  const kept = new LRUCache<string, { value: T }>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (_v, k) => k.length + 1,
  });
  return (text) => {
    let hit = kept.get(text);
    if (!hit) kept.set(text, (hit = { value: read(text) }));
    return hit.value;
  };
}

const STOP = new Set(
  (
    'a about above after again all also an and any are as at be been before being below between both but by can could did do does ' +
    'each either etc for from further had has have having here how if in into is it its just may more most must need needs no nor not ' +
    'now of off on once only or other our out over own per please same shall should so some such than that the their them then there these ' +
    'they this those through to too under until up upon very via was we were what when where which while who whom why will with within ' +
    'would you your including include includes included approx approximately around circa required requirement requirements provide provided ' +
    'providing supply supplied supplying new existing works work using used use well full fully able any all one two three four five six ' +
    'seven eight nine ten also able suitable suitably appropriate relevant ensure ensuring taken account considered consideration'
  ).split(/\s+/),
);

/** Unicode and typographic noise folded away before matching (m² → m2, ≤ → <=, curly quotes). */
export function fold(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/≤/g, '<=')
    .replace(/≥/g, '>=');
}

/** A light, predictable stemmer: plurals and the common verb endings. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 5 && w.endsWith('ed')) w = w.slice(0, -2);
  return w;
}

/**
 * Standard references (BS EN 1090-2, ISO 9001:2015, PAS 24, BES 6001) normalised for comparison:
 * upper case, single spaces, the year of an edition dropped (ISO 9001:2015 ≈ ISO 9001).
 */
const STANDARD_RE =
  /\b(BS\s*EN\s*ISO|BS\s*EN|BS\s*ISO|BS|EN\s*ISO|EN|ISO|PAS|BES|NSSS|IEC|SHW)\s*(\d[\d\-.]*(?:\s*-\s*\d+)?)(?::\s*\d{4})?/gi;
export function standardsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of fold(text).matchAll(STANDARD_RE)) {
    const body = m[1]!.toUpperCase().replace(/\s+/g, ' ');
    const num = m[2]!.replace(/\s+/g, '').replace(/[.-]+$/, '');
    out.add(`${body} ${num}`);
  }
  return [...out];
}

/** Product and grade codes that carry meaning whole: S355J2, EXC2, C32/40, GEN1, GL24h, 6F2. */
export function codesIn(text: string): string[] {
  const out = new Set<string>();
  const withoutStandards = fold(text).replace(STANDARD_RE, ' ');
  for (const m of withoutStandards.matchAll(/\b[A-Za-z]*\d[A-Za-z0-9/+]*\b/g)) {
    const c = m[0];
    if (!/[A-Za-z]/.test(c) || !/\d/.test(c) || c.length < 3) continue;
    // units stuck to numbers (20mm, 8m3, 100kg) are measures, not codes
    if (/^\d+(mm|cm|m|m2|m3|kg|t|kw|kwp|kv|v|w|no|nr|st|nd|rd|th)$/i.test(c)) continue;
    // compound units (W/m²K, kN/m², N/mm²) are measures too
    if (/^(w\/)?m2k$|^(k?n\/)?m{1,2}2$/i.test(c)) continue;
    out.add(c.toUpperCase().replace(/\+.*$/, ''));
  }
  return [...out];
}

/** Content words of a text, stemmed, without stop words; anything with a digit is a code, not a word. */
export const wordsIn: (text: string) => readonly string[] = keptPerText((text) =>
  Object.freeze([...surfaceWords(text).keys()]),
);

/** Stem → the word as first written, for showing evidence in the reader's words. */
export function surfaceWords(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of fold(text).split(/[^A-Za-z0-9]+/)) {
    const low = raw.toLowerCase();
    if (low.length < 4 || /\d/.test(low) || STOP.has(low)) continue;
    const s = stem(low);
    // acronyms keep their capitals (FENSA); other words are shown in lower case
    if (!out.has(s)) out.set(s, raw.length > 1 && raw === raw.toUpperCase() ? raw : low);
  }
  return out;
}

/**
 * Stems of names in a clause: capitalised words that do not start it (Sumner House, King Street,
 * Leyland). A supplier is not expected to mention the buyer's buildings and streets.
 */
export function namesIn(text: string): Set<string> {
  const out = new Set<string>();
  const tokens = fold(text).split(/\s+/);
  tokens.forEach((tok, i) => {
    const w = tok.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
    const sentenceStart = i === 0 || /[.!?:]$/.test(tokens[i - 1] ?? '');
    if (!sentenceStart && /^[A-Z][a-z]+$/.test(w)) out.add(stem(w.toLowerCase()));
  });
  return out;
}

export interface Terms {
  readonly standards: readonly string[];
  readonly codes: readonly string[];
  readonly words: readonly string[];
}

export const termsOf: (text: string) => Terms = keptPerText((text) =>
  Object.freeze({
    standards: Object.freeze(standardsIn(text)),
    codes: Object.freeze(codesIn(text)),
    words: wordsIn(text),
  }),
);

/** A standard held covers a standard asked for when one is the other or a part of it (BS EN 1090 ⊂ BS EN 1090-2). */
export function standardCovers(held: string, asked: string): boolean {
  if (held === asked) return true;
  const h = held.replace(/^BS EN ISO |^BS ISO |^EN ISO /, 'ISO ').replace(/^BS EN /, 'EN ');
  const a = asked.replace(/^BS EN ISO |^BS ISO |^EN ISO /, 'ISO ').replace(/^BS EN /, 'EN ');
  return h === a || a.startsWith(`${h}-`) || h.startsWith(`${a}-`);
}

/** Codes match when equal or when one is a grade of the other (S355 ≈ S355J2). */
export function codeCovers(held: string, asked: string): boolean {
  return (
    held === asked || (held.length >= 3 && asked.startsWith(held)) || (asked.length >= 3 && held.startsWith(asked))
  );
}

const NOISE =
  /(https?:\/\/|www\.|\[email redacted\]|@|please (visit|email|contact|register|note)|opportunity has been distributed|to review the documents|submit a response|this notice|contracts finder|find a tender|sell2wales)/i;

/**
 * A specification or description split into requirement clauses: lines, bullets, numbered
 * items, semicolons and sentences. Headings, links and procedural boilerplate are dropped.
 */
export function splitClauses(text: string | null | undefined, max = 12): string[] {
  if (!text) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const lines = fold(text)
    .replace(/\r\n?/g, '\n')
    .split(/\n+|(?:^|\s)[•·▪●◦]\s+|;\s+/);
  for (const line of lines) {
    for (const sentence of line.split(/(?<=[a-z0-9)\]%"'.])[.!?]\s+(?=[A-Z(])/)) {
      const clause = sentence
        .replace(/^\s*(?:[-*–]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/i, '')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[.;:,]+$/, '');
      if (clause.length < 12 || NOISE.test(clause)) continue;
      const terms = termsOf(clause);
      if (terms.words.length + terms.codes.length + terms.standards.length < 2) continue;
      const key = clause.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(clause.length > 300 ? `${clause.slice(0, 297)}...` : clause);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Normalised text of a certification or standard name, for loose comparison. */
export function normName(s: string): string {
  return fold(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Pounds in a text ("£10m", "£5,000,000", "£2.5 million") as pence, in order of appearance. */
export function amountsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of fold(text).matchAll(/£\s*(\d[\d,]*(?:\.\d+)?)\s*(m|mn|million|k|bn)?\b/gi)) {
    let pounds = Number(m[1]!.replace(/,/g, ''));
    const unit = (m[2] ?? '').toLowerCase();
    if (unit === 'k') pounds *= 1_000;
    else if (unit === 'bn') pounds *= 1_000_000_000;
    else if (unit) pounds *= 1_000_000;
    if (Number.isFinite(pounds)) out.push(Math.round(pounds * 100));
  }
  return out;
}

/** The number of days in payment terms ("30 days end of month" → 30), or null. */
export function daysIn(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = /(\d{1,3})\s*(?:calendar\s+|working\s+)?days?/i.exec(text);
  return m ? Number(m[1]) : null;
}
