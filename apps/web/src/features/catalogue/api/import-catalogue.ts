import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueImportPreview, CatalogueImportResult } from '@brickyard/shared';
import { apiRequest } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { catalogueKeys } from './keys';

function form(file: File) {
  const f = new FormData();
  f.append('file', file, file.name);
  return f;
}

/** POST /api/catalogue/import?dryRun=true: each row's verdict, nothing created. */
export async function previewCatalogueImport(file: File): Promise<CatalogueImportPreview> {
  const res = await apiRequest<{ data: CatalogueImportPreview }>('/api/catalogue/import', {
    method: 'POST',
    body: form(file),
    query: { dryRun: 'true' },
  });
  return res.data;
}

/** POST /api/catalogue/import: the valid rows created in one transaction. */
export async function runCatalogueImport(file: File): Promise<CatalogueImportResult> {
  const res = await apiRequest<{ data: CatalogueImportResult }>('/api/catalogue/import', {
    method: 'POST',
    body: form(file),
  });
  return res.data;
}

export function usePreviewCatalogueImport() {
  return useMutation({ mutationFn: previewCatalogueImport });
}

export function useRunCatalogueImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runCatalogueImport,
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** GET /api/catalogue/import/template: the CSV template. */
export function downloadImportTemplate(): Promise<boolean> {
  return downloadFromApi('/api/catalogue/import/template', {}, 'catalogue-import-template.csv');
}
