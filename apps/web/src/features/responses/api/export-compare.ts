import type { CompareSort } from '@brickyard/shared';
import { downloadFromApi } from '@/lib/download';

/** GET /api/tender/{id}/responses/compare?format=pdf|csv, in the order and selection shown, saved as a file. */
export function exportCompare(
  tenderId: string,
  format: 'pdf' | 'csv',
  sort: CompareSort,
  shortlisted: boolean,
): Promise<boolean> {
  return downloadFromApi(
    `/api/tender/${encodeURIComponent(tenderId)}/responses/compare`,
    { format, sort, shortlisted: String(shortlisted) },
    `tender-responses.${format}`,
  );
}
