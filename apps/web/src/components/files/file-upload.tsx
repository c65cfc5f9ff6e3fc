import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Download, FileText, Paperclip, RotateCcw, Trash2, UploadCloud, X } from 'lucide-react';
import { PLANS, type Attachment } from '@brickyard/shared';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { downloadFile, fileDisplayName } from '@/lib/download';
import { useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import { useUploadAllowance } from './upload-allowance';

interface Pending {
  id: string;
  file: File;
  progress: number;
  error?: string;
  /** refused because the plan's uploads for the month are used up: offer the upgrade */
  limitReached?: boolean;
}

interface FileUploadProps {
  label: string;
  /** files already attached (stored URLs plus display names) */
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  /** folder of the storage key, e.g. tender-attachment */
  uploadType: string | ((file: File) => string);
  tenderId?: string;
  hint?: string;
  error?: string;
  accept?: string;
  maxFiles?: number;
  /** told while any upload is under way, so a form can wait before saving */
  onBusyChange?: (busy: boolean) => void;
  id?: string;
}

const MB = 1024 * 1024;
function sizeOf(bytes: number) {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Attach files through the presigned upload flow, with a progress bar per file. Uploaded files can
 * be downloaded (docs/product.md section 7 download flow) or removed from the list before saving.
 */
export function FileUpload({
  label,
  value,
  onChange,
  uploadType,
  tenderId,
  hint,
  error,
  accept,
  maxFiles = 20,
  onBusyChange,
  id,
}: FileUploadProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const valueRef = useRef(value);
  const controllers = useRef(new Map<string, AbortController>());
  const session = useSession();
  const billing = session ? `/${session.role}/settings/billing` : null;
  const { allowance, refresh: refreshAllowance } = useUploadAllowance();
  const left = allowance && allowance.limit !== null ? Math.max(0, allowance.limit - allowance.used) : null;

  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  const busy = pending.some((p) => !p.error);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  useEffect(() => {
    const all = controllers.current;
    return () => all.forEach((c) => c.abort());
  }, []);

  async function start(p: Pending) {
    const controller = new AbortController();
    controllers.current.set(p.id, controller);
    const update = (patch: Partial<Pending>) =>
      setPending((list) => list.map((x) => (x.id === p.id ? { ...x, ...patch } : x)));
    try {
      const type = typeof uploadType === 'function' ? uploadType(p.file) : uploadType;
      const stored = await uploadFile(p.file, {
        uploadType: type,
        tenderId,
        signal: controller.signal,
        onProgress: (progress) => update({ progress }),
      });
      const next = [...valueRef.current, { name: stored.name, url: stored.url }];
      valueRef.current = next;
      onChange(next);
      setPending((list) => list.filter((x) => x.id !== p.id));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const limitReached = err instanceof ApiError && err.code === 'PLAN_LIMIT_REACHED';
      update({ error: errorMessage(err, 'The upload failed. Please try again.'), progress: 0, limitReached });
    } finally {
      controllers.current.delete(p.id);
      refreshAllowance();
    }
  }

  function addFiles(list: FileList | null) {
    if (!list) return;
    const room = Math.max(0, maxFiles - value.length - pending.length);
    const files = Array.from(list).slice(0, room);
    const items = files.map((file) => ({ id: crypto.randomUUID(), file, progress: 0 }));
    setPending((cur) => [...cur, ...items]);
    items.forEach((p) => void start(p));
  }

  function cancel(p: Pending) {
    controllers.current.get(p.id)?.abort();
    setPending((list) => list.filter((x) => x.id !== p.id));
  }

  function retry(p: Pending) {
    const again = { ...p, error: undefined, progress: 0 };
    setPending((list) => list.map((x) => (x.id === p.id ? again : x)));
    void start(again);
  }

  const full = value.length + pending.length >= maxFiles;

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <span className="block text-sm font-medium text-ink-800" id={`${inputId}-label`}>
          {label}
        </span>
        <span className="text-xs text-ink-500">
          {value.length}/{maxFiles}
        </span>
      </div>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragOver(false);
          addFiles(e.dataTransfer.files);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors',
          dragOver
            ? 'border-brand-500 bg-brand-50'
            : 'border-ink-300 bg-ink-50/60 hover:border-ink-400 hover:bg-ink-50',
          error && 'border-red-400',
          full && 'pointer-events-none opacity-60',
        )}
      >
        <UploadCloud className="size-6 text-ink-500" aria-hidden="true" />
        <span className="text-sm text-ink-700">
          <span className="font-semibold text-brand-700">Choose files</span> or drag them here
        </span>
        {hint && <span className="text-xs text-ink-500">{hint}</span>}
        {left !== null && allowance?.limit != null && (
          <span
            className={cn('text-xs font-medium', left === 0 ? 'text-red-700' : 'text-ink-600')}
            data-testid="upload-allowance"
          >
            {left} of {allowance.limit} uploads left this month
          </span>
        )}
        <input
          id={inputId}
          type="file"
          multiple
          accept={accept}
          disabled={full}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="sr-only"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}

      {(pending.length > 0 || value.length > 0) && (
        <ul
          className="divide-y divide-ink-100 rounded-xl border border-ink-200 bg-white"
          aria-label={`${label}: files`}
        >
          {pending.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-3 py-2.5">
              <Paperclip className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium text-ink-800">{p.file.name}</span>
                  <span className="shrink-0 text-xs text-ink-500">
                    {p.error ? 'Failed' : `${p.progress}% of ${sizeOf(p.file.size)}`}
                  </span>
                </div>
                {p.error ? (
                  <p className="mt-0.5 text-xs text-red-600" role="alert">
                    {p.error}
                    {p.limitReached && billing && (
                      <>
                        {' '}
                        <Link to={billing} className="font-semibold text-brand-800 underline underline-offset-2">
                          See the {PLANS.GROWTH.name} plan
                        </Link>
                      </>
                    )}
                  </p>
                ) : (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${p.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={p.progress}
                    className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-ink-100"
                  >
                    <div
                      className="h-full rounded-full bg-brand-500 transition-[width]"
                      style={{ width: `${p.progress}%` }}
                    />
                  </div>
                )}
              </div>
              {p.error && (
                <button
                  type="button"
                  onClick={() => retry(p)}
                  className="rounded-md p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-800"
                  aria-label={`Retry ${p.file.name}`}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                </button>
              )}
              <button
                type="button"
                onClick={() => cancel(p)}
                className="rounded-md p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-800"
                aria-label={`Cancel ${p.file.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
          {value.map((a, i) => {
            const name = fileDisplayName(a.url, a.name);
            return (
              <li key={`${a.url}-${i}`} className="flex items-center gap-3 px-3 py-2.5">
                <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 flex-1 text-sm break-all text-ink-800">{name}</span>
                <button
                  type="button"
                  onClick={() => void downloadFile(a.url, a.name)}
                  className="rounded-md p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-800"
                  aria-label={`Download ${name}`}
                >
                  <Download className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  className="rounded-md p-1.5 text-ink-500 hover:bg-red-50 hover:text-red-700"
                  aria-label={`Remove ${name}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
