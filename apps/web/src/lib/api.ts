import { ACCESS_TOASTS, isErrorBody, type ErrorDetail } from '@brickyard/shared';
import { navigateTo } from './navigation';
import { clearSession, getToken } from './session';
import { notify } from './toast';
import { paths } from '@/lib/paths';

/** docs/product.md section 7: 15 s timeout; 200–399 count as success. */
export const REQUEST_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** a JSON body, or FormData sent as multipart */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** Calls where a 401 means "wrong credentials", not "your session ended". */
const CREDENTIAL_CALLS = ['/api/auth/login', '/api/auth/login/2fa'];

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function endSession() {
  clearSession();
  notify.error(ACCESS_TOASTS.loginRequired, { id: 'login-required' });
  if (window.location.pathname !== paths.login) navigateTo(paths.login);
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = opts;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signals = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;

  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal: signals });
  } catch (err) {
    if (timeout.signal.aborted) {
      throw new ApiError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    }
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach the server. Check your connection and try again.');
  } finally {
    window.clearTimeout(timer);
  }

  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (res.status >= 200 && res.status < 400) return data as T;

  const err = isErrorBody(data)
    ? new ApiError(res.status, data.error.code, data.error.message, data.error.details ?? [])
    : new ApiError(res.status, 'HTTP_' + res.status, `Request failed (${res.status})`);

  // docs/product.md section 8: any 403 ends the session; so does a 401 outside the sign-in call.
  if (res.status === 403 || (res.status === 401 && !CREDENTIAL_CALLS.includes(path))) {
    endSession();
  } else if (res.status === 423 && err.code === 'ACCOUNT_PENDING_APPROVAL') {
    notify.error(ACCESS_TOASTS.pending_approval, { id: 'access-gate' });
  } else if (res.status === 402 && err.code === 'SUBSCRIPTION_REQUIRED') {
    notify.error(ACCESS_TOASTS.subscription_required, { id: 'access-gate' });
  }
  throw err;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query }),
};

/** Turns server field details (`body.email`, `email`) into form field names. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const d of err.details) {
    const field = d.path.replace(/^(body|query|params|querystring)\./, '');
    if (field && !out[field]) out[field] = d.message;
  }
  return out;
}

export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
