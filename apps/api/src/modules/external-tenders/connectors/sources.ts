import type { FeedConfig } from '../../../config.ts';

/** One UK service that publishes OCDS, as the connector needs it. */
export interface FeedSource {
  name: 'contracts-finder' | 'find-a-tender';
  baseUrl: string;
  /** The first page of a window of releases published/updated in [from, to]. */
  firstUrl(from: Date, to: Date): string;
  /** The `to` of the window a page URL belongs to (read back from its query). */
  windowEnd(url: string): Date | null;
  /** Client-side pacing between two requests. */
  minIntervalMs: number;
}

/** 2025-01-31T09:00:00Z: both services take ISO 8601 date-times. */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function paramDate(url: string, name: string): Date | null {
  try {
    const v = new URL(url).searchParams.get(name);
    const d = v ? new Date(v) : null;
    return d && !Number.isNaN(d.getTime()) ? d : null;
  } catch {
    return null;
  }
}

/**
 * Contracts Finder: GET /Published/Notices/OCDS/Search?publishedFrom&publishedTo&limit=100, cursor
 * paging through `links.next`. Answers 403/429 when throttled and asks for a 5-minute pause.
 */
export function contractsFinder(cfg: FeedConfig): FeedSource {
  return {
    name: 'contracts-finder',
    baseUrl: cfg.contractsFinderUrl,
    firstUrl: (from, to) =>
      `${cfg.contractsFinderUrl}/Published/Notices/OCDS/Search?publishedFrom=${encodeURIComponent(isoSeconds(from))}&publishedTo=${encodeURIComponent(isoSeconds(to))}&limit=100`,
    windowEnd: (url) => paramDate(url, 'publishedTo'),
    minIntervalMs: cfg.minRequestIntervalMs.contractsFinder,
  };
}

/**
 * Find a Tender: GET /api/1.0/ocdsReleasePackages?updatedFrom&updatedTo&limit=100, cursor paging
 * through `links.next` (which carries `cursor`). Allows about 12 requests per 2 minutes.
 */
export function findATender(cfg: FeedConfig): FeedSource {
  return {
    name: 'find-a-tender',
    baseUrl: cfg.findATenderUrl,
    firstUrl: (from, to) =>
      `${cfg.findATenderUrl}/api/1.0/ocdsReleasePackages?updatedFrom=${encodeURIComponent(isoSeconds(from))}&updatedTo=${encodeURIComponent(isoSeconds(to))}&limit=100`,
    windowEnd: (url) => paramDate(url, 'updatedTo'),
    minIntervalMs: cfg.minRequestIntervalMs.findATender,
  };
}
