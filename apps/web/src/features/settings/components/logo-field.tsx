import { useEffect, useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { initialsOf } from '@/lib/format';
import { uploadFile } from '@/lib/upload';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * The company logo: uploaded through the presigned flow (lib/upload), previewed at once, saved
 * with the profile. `value` is the storage key (null = no logo); `previewUrl` the signed link
 * of the saved one.
 */
export function LogoField({
  value,
  savedKey,
  previewUrl,
  companyName,
  onChange,
  onBusyChange,
  error,
}: {
  value: string | null;
  /** the key saved with the profile, whose signed link is previewUrl */
  savedKey: string | null;
  previewUrl: string | null;
  companyName: string;
  onChange: (key: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!TYPES.includes(file.type)) {
      setProblem('Choose a PNG, JPEG, WebP or GIF image.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem('The logo must be 5 MB or smaller.');
      return;
    }
    const preview = URL.createObjectURL(file);
    setLocal(preview);
    setProgress(0);
    onBusyChange(true);
    try {
      const up = await uploadFile(file, { uploadType: 'profile-image', onProgress: setProgress });
      onChange(up.key);
    } catch (err) {
      setLocal(null);
      setProblem(errorMessage(err, 'The upload failed. Please try again.'));
    } finally {
      setProgress(null);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
  }

  const shown = !value ? null : value === savedKey ? previewUrl : local;
  const message = problem ?? error;
  return (
    <div className="flex items-center gap-4">
      <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-ink-200 bg-ink-50">
        {shown ? (
          <img src={shown} alt="Company logo preview" className="size-full object-contain" />
        ) : (
          <span className="text-2xl font-bold text-ink-600" aria-hidden="true">
            {initialsOf(companyName)}
          </span>
        )}
        {progress !== null && (
          <div
            className="absolute inset-x-2 bottom-2 h-1.5 overflow-hidden rounded-full bg-white/80"
            role="progressbar"
            aria-label="Uploading logo"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-brand-500 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={TYPES.join(',')}
            className="sr-only"
            aria-label="Upload a company logo"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <Button
            size="sm"
            variant="secondary"
            loading={progress !== null}
            onClick={() => input.current?.click()}
            leftIcon={<ImageUp className="size-4" aria-hidden="true" />}
          >
            {value ? 'Replace logo' : 'Upload logo'}
          </Button>
          {value && (
            <Button
              size="sm"
              variant="ghost"
              disabled={progress !== null}
              onClick={() => {
                setLocal(null);
                onChange(null);
              }}
              leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
            >
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-ink-500">Square PNG, JPEG, WebP or GIF, up to 5 MB. Saved with your profile.</p>
        {message && (
          <p className="text-sm text-red-600" role="alert">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
