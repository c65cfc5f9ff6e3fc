import { toast, type ExternalToast } from 'sonner';

/**
 * Toasts of docs/product.md section 9: 4 s (2 s for success) and at most 20 held.
 * The <Toaster> renders up to 20 (`visibleToasts`); sonner itself keeps no cap on what it holds,
 * so this module tracks the live ids and dismisses the oldest when a 21st arrives.
 */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;
export const MAX_TOASTS = 20;

const live: (string | number)[] = [];

function forget(id: string | number) {
  const i = live.indexOf(id);
  if (i >= 0) live.splice(i, 1);
}

function track(id: string | number) {
  forget(id);
  live.push(id);
  while (live.length > MAX_TOASTS) {
    const oldest = live.shift();
    if (oldest !== undefined) toast.dismiss(oldest);
  }
  return id;
}

function withCleanup(opts: ExternalToast | undefined, duration: number): ExternalToast {
  return {
    duration,
    ...opts,
    onDismiss: (t) => {
      forget(t.id);
      opts?.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      forget(t.id);
      opts?.onAutoClose?.(t);
    },
  };
}

export const notify = {
  success: (message: string, opts?: ExternalToast) =>
    track(toast.success(message, withCleanup(opts, SUCCESS_TOAST_DURATION_MS))),
  error: (message: string, opts?: ExternalToast) => track(toast.error(message, withCleanup(opts, TOAST_DURATION_MS))),
  info: (message: string, opts?: ExternalToast) => track(toast.info(message, withCleanup(opts, TOAST_DURATION_MS))),
  warning: (message: string, opts?: ExternalToast) =>
    track(toast.warning(message, withCleanup(opts, TOAST_DURATION_MS))),
};
