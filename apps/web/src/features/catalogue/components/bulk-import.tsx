import { useId, useState } from 'react';
import { AlertTriangle, CheckCircle2, Download, FileSpreadsheet, RotateCcw, UploadCloud } from 'lucide-react';
import {
  CATALOGUE_IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  categoryName,
  type CatalogueImportPreview,
  type CatalogueImportResult,
  type ImportCellError,
} from '@brickyard/shared';
import { formatMoneyPence } from '@/components/listing';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  TBody,
  TD,
  TH,
  THead,
  TR,
  Table,
} from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { cn } from '@/lib/cn';
import { downloadImportTemplate, usePreviewCatalogueImport, useRunCatalogueImport } from '../api/import-catalogue';
import { paths } from '@/lib/paths';

const SHOW_ROWS = 300;

function ErrorsText({ errors }: { errors: ImportCellError[] }) {
  return (
    <ul className="space-y-0.5">
      {errors.map((e, i) => (
        <li key={i}>
          <span className="font-semibold">{e.column}</span>: {e.message}
        </li>
      ))}
    </ul>
  );
}

/** A parsed cell as text: strings and numbers as they are, anything else (missing) as a dash. */
const cellText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '—');
const priceOf = (item: Record<string, unknown>) => {
  const v = item.value;
  return typeof v === 'number' ? formatMoneyPence(Math.round(v * 100)) : typeof v === 'string' && v ? v : '—';
};

/** UploadCatalogue's bulk import: upload → preview with per-row errors → import the valid rows → summary. */
export function BulkImport() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CatalogueImportPreview | null>(null);
  const [result, setResult] = useState<CatalogueImportResult | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const check = usePreviewCatalogueImport();
  const run = useRunCatalogueImport();

  function reset() {
    setFile(null);
    setPreview(null);
    setResult(null);
    setFileError(null);
    setErrorsOnly(false);
    check.reset();
    run.reset();
  }

  function choose(f: File | undefined) {
    if (!f) return;
    reset();
    if (!/\.(csv|xlsx)$/i.test(f.name)) {
      setFileError('Choose a .csv or .xlsx file.');
      return;
    }
    if (f.size > MAX_IMPORT_BYTES) {
      setFileError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
      return;
    }
    setFile(f);
    check.mutate(f, {
      onSuccess: (p) => {
        setPreview(p);
        setErrorsOnly(p.invalid > 0 && p.invalid < p.total);
      },
      onError: (err) => setFileError(fieldErrorsOf(err).file ?? errorMessage(err, 'The file could not be checked.')),
    });
  }

  if (result) {
    return (
      <Card>
        <CardBody className="space-y-5 py-6">
          <div className="flex items-start gap-3" role="status">
            <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden="true" />
            <div>
              <h2 className="text-lg font-semibold text-ink-900">Import complete</h2>
              <p className="mt-1 text-sm text-ink-700">
                <strong>
                  {result.created} {result.created === 1 ? 'item' : 'items'} created
                </strong>
                {result.skipped.length > 0 && (
                  <>
                    {', '}
                    <strong className="text-red-700">
                      {result.skipped.length} {result.skipped.length === 1 ? 'row' : 'rows'} skipped
                    </strong>
                  </>
                )}
                .
              </p>
            </div>
          </div>
          {result.skipped.length > 0 && (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-ink-900">Skipped rows</h3>
              <ul
                className="divide-y divide-red-100 rounded-xl border border-red-200 bg-red-50/50"
                aria-label="Skipped rows"
              >
                {result.skipped.map((s) => (
                  <li key={s.row} className="flex flex-col gap-1 px-4 py-2.5 text-sm text-red-900 sm:flex-row sm:gap-4">
                    <span className="w-20 shrink-0 font-semibold">Row {s.row}</span>
                    <ErrorsText errors={s.errors} />
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs text-ink-500">
                Fix these rows in your file and import it again, or add them one by one.
              </p>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={paths.supplier.catalogue}>View catalogue</ButtonLink>
            <Button variant="secondary" onClick={reset} leftIcon={<RotateCcw className="size-4" aria-hidden="true" />}>
              Import another file
            </Button>
          </div>
        </CardBody>
      </Card>
    );
  }

  const rows = preview ? (errorsOnly ? preview.rows.filter((r) => !r.valid) : preview.rows) : [];

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Import from a spreadsheet</CardTitle>
            <CardDescription>
              One item per row, from a CSV or Excel (.xlsx) file of up to {MAX_IMPORT_ROWS.toLocaleString('en-GB')}{' '}
              rows. Rows with errors are shown before anything is saved, and only valid rows are imported.
            </CardDescription>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void downloadImportTemplate()}
            leftIcon={<Download className="size-4" aria-hidden="true" />}
          >
            CSV template
          </Button>
        </CardHeader>
        <CardBody className="space-y-4">
          <label
            htmlFor={inputId}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              choose(e.dataTransfer.files[0]);
            }}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink-300 bg-ink-50/60 px-4 py-8 text-center hover:border-ink-400',
              check.isPending && 'pointer-events-none opacity-60',
            )}
          >
            {file ? (
              <FileSpreadsheet className="size-7 text-emerald-600" aria-hidden="true" />
            ) : (
              <UploadCloud className="size-7 text-ink-500" aria-hidden="true" />
            )}
            <span className="text-sm text-ink-700">
              {file ? (
                <>
                  <span className="font-semibold">{file.name}</span> —{' '}
                  {check.isPending ? 'checking…' : 'choose another file'}
                </>
              ) : (
                <>
                  <span className="font-semibold text-brand-700">Choose a CSV or XLSX file</span> or drag it here
                </>
              )}
            </span>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label="Import file"
              className="sr-only"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {fileError && (
            <Alert tone="danger" live title="This file cannot be imported">
              {fileError}
            </Alert>
          )}
          <details className="text-sm text-ink-600">
            <summary className="cursor-pointer font-medium text-ink-800">Columns</summary>
            <p className="mt-2">
              Required:{' '}
              {CATALOGUE_IMPORT_COLUMNS.filter((c) => c.required)
                .map((c) => (c.field === 'value' ? 'value (or price)' : c.field))
                .join(', ')}
              . Optional:{' '}
              {CATALOGUE_IMPORT_COLUMNS.filter((c) => !c.required)
                .map((c) => c.field)
                .join(', ')}
              . Separate several subcategories, certifications or delivery locations with “;”. Categories and regions
              may be given by name or key; yes/no columns take Yes or No.
            </p>
          </details>
        </CardBody>
      </Card>

      {preview && (
        <Card>
          <CardHeader className="items-center">
            <div>
              <CardTitle>Preview</CardTitle>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-600" role="status">
                <span>
                  {preview.total} {preview.total === 1 ? 'row' : 'rows'}:
                </span>
                <Badge tone="success">{preview.valid} ready to import</Badge>
                {preview.invalid > 0 && <Badge tone="danger">{preview.invalid} with errors</Badge>}
              </p>
              {preview.ignoredColumns.length > 0 && (
                <p className="mt-1 text-xs text-ink-500">Ignored columns: {preview.ignoredColumns.join(', ')}</p>
              )}
            </div>
            <Checkbox
              id="errors-only"
              label="Show only rows with errors"
              checked={errorsOnly}
              onChange={(e) => setErrorsOnly(e.target.checked)}
              disabled={preview.invalid === 0}
            />
          </CardHeader>
          <CardBody className="space-y-4">
            <Table aria-label="Import preview">
              <THead>
                <TR className="hover:bg-transparent">
                  <TH className="w-16">Row</TH>
                  <TH className="hidden sm:table-cell">Title</TH>
                  <TH className="hidden md:table-cell">Category</TH>
                  <TH className="hidden text-right sm:table-cell">Price</TH>
                  <TH>Result</TH>
                </TR>
              </THead>
              <TBody>
                {rows.slice(0, SHOW_ROWS).map((r) => (
                  <TR key={r.row} className={cn(!r.valid && 'bg-red-50/60 hover:bg-red-50')}>
                    <TD className="font-medium tabular-nums">{r.row}</TD>
                    <TD className="hidden max-w-64 truncate sm:table-cell">{cellText(r.item.title)}</TD>
                    <TD className="hidden md:table-cell">
                      {typeof r.item.category === 'string' && r.item.category ? categoryName(r.item.category) : '—'}
                    </TD>
                    <TD className="hidden text-right tabular-nums sm:table-cell">{priceOf(r.item)}</TD>
                    <TD className="text-sm">
                      <p className="mb-1 font-medium text-ink-900 sm:hidden">{cellText(r.item.title)}</p>
                      {r.valid ? (
                        <span className="inline-flex items-center gap-1 text-emerald-700">
                          <CheckCircle2 className="size-4" aria-hidden="true" /> Ready
                        </span>
                      ) : (
                        <div className="flex gap-1.5 text-red-800">
                          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                          <ErrorsText errors={r.errors} />
                        </div>
                      )}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            {rows.length > SHOW_ROWS && (
              <p className="text-xs text-ink-500">
                Showing the first {SHOW_ROWS} of {rows.length} rows.
              </p>
            )}
            {run.isError && (
              <Alert tone="danger" live title="The import failed">
                {errorMessage(run.error, 'Nothing was imported. Please try again.')}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={reset} disabled={run.isPending}>
                Cancel
              </Button>
              <Button
                disabled={preview.valid === 0}
                loading={run.isPending}
                onClick={() => file && run.mutate(file, { onSuccess: (r) => setResult(r) })}
              >
                {preview.valid === 0
                  ? 'No valid rows to import'
                  : `Import ${preview.valid} valid ${preview.valid === 1 ? 'row' : 'rows'}`}
              </Button>
            </div>
          </CardBody>
        </Card>
      )}
    </div>
  );
}
