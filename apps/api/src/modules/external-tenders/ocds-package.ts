import { z } from 'zod';

/**
 * Unpacks what an OCDS publisher serves — a release package, a record package, or a single
 * release — into releases with their position in the file, for the importer. Pure: no I/O.
 */

export interface PackagedRelease {
  /** Where it sits in the package, for error reports: "releases[12]", "records[3].compiledRelease". */
  position: string;
  release: unknown;
  publisher: string | null;
}

export type UnpackResult =
  | {
      ok: true;
      kind: 'release-package' | 'record-package' | 'release';
      releases: PackagedRelease[];
      next: string | null;
    }
  | { ok: false; reason: string };

const publisherShape = z.looseObject({ name: z.string().optional() }).optional().catch(undefined);
const linksShape = z.looseObject({ next: z.string().optional() }).optional().catch(undefined);

const releasePackageShape = z.looseObject({
  releases: z.array(z.unknown(), 'releases must be an array'),
  publisher: publisherShape,
  links: linksShape,
});

const recordShape = z.looseObject({
  ocid: z.string().optional(),
  releases: z.array(z.unknown()).optional(),
  compiledRelease: z.unknown().optional(),
});
const recordPackageShape = z.looseObject({
  records: z.array(z.unknown(), 'records must be an array'),
  publisher: publisherShape,
  links: linksShape,
});

/** A release in a record is embedded when it carries data, linked when it is only {url, date, tag}. */
const isEmbedded = (r: unknown): boolean =>
  typeof r === 'object' &&
  r !== null &&
  'ocid' in r &&
  'id' in r &&
  ('tender' in r || 'awards' in r || 'contracts' in r || 'planning' in r || 'parties' in r);

export function unpackOcds(json: unknown): UnpackResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, reason: 'not an OCDS package: expected a JSON object with "releases" or "records"' };
  }
  if ('releases' in json) {
    const p = releasePackageShape.safeParse(json);
    if (!p.success) return { ok: false, reason: p.error.issues[0]!.message };
    const publisher = p.data.publisher?.name ?? null;
    return {
      ok: true,
      kind: 'release-package',
      releases: p.data.releases.map((release, i) => ({ position: `releases[${i}]`, release, publisher })),
      next: p.data.links?.next ?? null,
    };
  }
  if ('records' in json) {
    const p = recordPackageShape.safeParse(json);
    if (!p.success) return { ok: false, reason: p.error.issues[0]!.message };
    const publisher = p.data.publisher?.name ?? null;
    const releases: PackagedRelease[] = [];
    p.data.records.forEach((raw, i) => {
      const rec = recordShape.safeParse(raw);
      if (!rec.success) {
        // Reported as a rejected release by the mapper (it is not a valid release either).
        releases.push({ position: `records[${i}]`, release: raw, publisher });
        return;
      }
      const embedded = (rec.data.releases ?? []).map((r, j) => ({ r, j })).filter(({ r }) => isEmbedded(r));
      if (embedded.length > 0) {
        for (const { r, j } of embedded)
          releases.push({ position: `records[${i}].releases[${j}]`, release: r, publisher });
      } else if (rec.data.compiledRelease !== undefined) {
        releases.push({ position: `records[${i}].compiledRelease`, release: rec.data.compiledRelease, publisher });
      } else {
        releases.push({ position: `records[${i}]`, release: { ocid: rec.data.ocid }, publisher });
      }
    });
    return { ok: true, kind: 'record-package', releases, next: p.data.links?.next ?? null };
  }
  if ('ocid' in json) {
    return {
      ok: true,
      kind: 'release',
      releases: [{ position: 'release', release: json, publisher: null }],
      next: null,
    };
  }
  return { ok: false, reason: 'not an OCDS package: expected a JSON object with "releases" or "records"' };
}
