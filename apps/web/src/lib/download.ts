import { cleanFileName, isErrorBody, storageKeyFromUrl } from '@brickyard/shared';
import { ApiError, REQUEST_TIMEOUT_MS, api, endSession } from './api';
import { getToken } from './session';

/** docs/product.md section 8: the one message for any failed download, shown as a browser alert. */
export const DOWNLOAD_FAILED_MESSAGE = 'Download failed. Please try again later.';

/** The name a stored file is shown and saved under: its own name, or the key's last segment, without the UUID prefix (docs/product.md section 5). */
export function fileDisplayName(url: string, name?: string | null): string {
  const raw = name?.trim() || storageKeyFromUrl(url);
  return cleanFileName(raw) || 'file';
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start reading the blob before it goes.
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

async function fetchWithTimeout(input: string, init: RequestInit = {}): Promise<Response> {
  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(input, { ...init, signal: timeout.signal });
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * docs/product.md section 7 "Download flow": the storage key is taken from the path of the document URL,
 * a signed download URL is requested, the file is fetched directly and saved under the cleaned
 * display name. Any failure — including a non-OK answer — shows the alert of section 8.
 * Resolves true when the file was handed to the browser.
 */
export async function downloadFile(url: string, name?: string | null): Promise<boolean> {
  try {
    const key = storageKeyFromUrl(url);
    if (!key) throw new Error('no storage key in the URL');
    const { downloadURL } = await api.get<{ downloadURL: string }>('/api/upload/presigned-download-url', { key });
    const res = await fetchWithTimeout(downloadURL);
    if (!res.ok) throw new Error(`download answered ${res.status}`);
    saveBlob(await res.blob(), fileDisplayName(url, name));
    return true;
  } catch {
    window.alert(DOWNLOAD_FAILED_MESSAGE);
    return false;
  }
}

function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * A file the API itself answers (the tender audit export, the import template), fetched with the
 * session's bearer token and saved under the name the server gives (or `fallbackName`).
 * Failures show the same alert as any download.
 */
export async function downloadFromApi(
  path: string,
  query: Record<string, string> = {},
  fallbackName = 'download',
): Promise<boolean> {
  try {
    const qs = new URLSearchParams(query).toString();
    const token = getToken();
    const res = await fetchWithTimeout(qs ? `${path}?${qs}` : path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      // docs/product.md section 8: a 403 (or an expired session) ends the session like any other call.
      if (res.status === 403 || res.status === 401) endSession();
      const body: unknown = await res.json().catch(() => null);
      throw isErrorBody(body)
        ? new ApiError(res.status, body.error.code, body.error.message, body.error.details ?? [])
        : new ApiError(res.status, `HTTP_${res.status}`, `Request failed (${res.status})`);
    }
    saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName);
    return true;
  } catch {
    window.alert(DOWNLOAD_FAILED_MESSAGE);
    return false;
  }
}
