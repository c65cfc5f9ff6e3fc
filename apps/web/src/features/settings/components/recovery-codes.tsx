import { useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { Alert, Button } from '@/components/ui';
import { saveBlob } from '@/lib/download';

/** Recovery codes, shown once: copy or download them before closing. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="space-y-3">
      <Alert tone="warning" title="Save these recovery codes now">
        Each code signs you in once if you lose your phone. They are shown only this time; we keep no readable copy.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-ink-200 bg-ink-50 p-4 font-mono text-sm text-ink-900"
      >
        {codes.map((c) => (
          <li key={c} className="tracking-wider">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          leftIcon={
            copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            saveBlob(
              new Blob([`Brickyard recovery codes\nEach code works once.\n\n${text}\n`], { type: 'text/plain' }),
              'brickyard-recovery-codes.txt',
            )
          }
          leftIcon={<Download className="size-4" aria-hidden="true" />}
        >
          Download as text
        </Button>
      </div>
    </div>
  );
}
