import { Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui';
import { downloadFile, fileDisplayName } from '@/lib/download';

/** Stored files with a Download button each (docs/product.md section 7 download flow). */
export function FileList({
  files,
  empty = 'No documents',
  label,
}: {
  files: { name?: string | null; url: string }[];
  empty?: string;
  label: string;
}) {
  if (files.length === 0) return <p className="text-sm text-ink-500">{empty}</p>;
  return (
    <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200" aria-label={label}>
      {files.map((f, i) => {
        const name = fileDisplayName(f.url, f.name);
        return (
          <li key={`${f.url}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5">
            <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-24 flex-1 text-sm break-all text-ink-800" title={name}>
              {name}
            </span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void downloadFile(f.url, f.name)}
              leftIcon={<Download className="size-4" aria-hidden="true" />}
              aria-label={`Download ${name}`}
            >
              Download
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
