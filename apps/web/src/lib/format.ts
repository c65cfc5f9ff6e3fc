/** Formatting lives in @brickyard/shared so the API and the web agree; re-exported for the web. */
export {
  cleanFileName,
  formatInUk,
  formatPence,
  formatPostedDate,
  formatUkDateTime,
  fullName,
  prettifyRegion,
} from '@brickyard/shared';

export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]![0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}
