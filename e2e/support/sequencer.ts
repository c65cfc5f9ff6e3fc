import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each journey file took on a 2-core machine with two files at a time (28 Nov 2026), to
 * hand out the longest first. Vitest orders files by the durations it cached on an earlier run, but
 * a fresh clone (CI) has no cache, and then it falls back to file size: a short file that takes
 * 50 s (the tour video's) ran last, alone, for 30 s while the other worker had nothing to do.
 * A file missing here is treated as the longest (run first, as Vitest runs an unknown file first);
 * stale figures only make the order less good, never a test wrong.
 */
const JOURNEY_SECONDS: Record<string, number> = {
  'settings.test.ts': 173,
  'public-site.test.ts': 129,
  'deals.test.ts': 105,
  'dashboards.test.ts': 86,
  'foundation.test.ts': 79,
  'matching.test.ts': 77,
  'messaging.test.ts': 71,
  'responses.test.ts': 70,
  'listings.test.ts': 54,
  'demo-video.test.ts': 50,
  'polish.test.ts': 48,
  'billing.test.ts': 41,
  'xss.test.ts': 33,
  'live-feed.test.ts': 31,
  'a11y-scan.test.ts': 14,
};

/** Vitest's own order, with the journey files longest first (see JOURNEY_SECONDS). */
export class LongestJourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (f: TestSpecification) => JOURNEY_SECONDS[path.basename(f.moduleId)] ?? Infinity;
    const journeys = sorted.filter((f) => f.project.name === 'e2e').sort((a, b) => seconds(b) - seconds(a));
    return [...sorted.filter((f) => f.project.name !== 'e2e'), ...journeys];
  }
}
