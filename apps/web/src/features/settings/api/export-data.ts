import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@brickyard/shared';
import { downloadFromApi } from '@/lib/download';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/settings/privacy/export: everything stored about you, as JSON or a ZIP with your files. */
export function exportMyData(format: ExportFormat): Promise<boolean> {
  return downloadFromApi('/api/settings/privacy/export', { format }, `brickyard-export.${format}`);
}

export function useExportData() {
  return useMutation({ mutationFn: exportMyData });
}
