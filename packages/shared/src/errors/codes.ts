/**
 * The one error vocabulary of Brickyard. Services throw `AppError(code, …)`; the API maps the
 * code to its HTTP status here, and the web branches on the code, never on message text.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_TOKEN: 400,
  INVALID_PROMO_CODE: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 401,
  SESSION_EXPIRED: 401,
  TWO_FACTOR_REQUIRED: 401,
  INVALID_TWO_FACTOR_CODE: 401,
  SUBSCRIPTION_REQUIRED: 402,
  PLAN_LIMIT_REACHED: 402,
  PLAN_FEATURE_UNAVAILABLE: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ACCOUNT_PENDING_APPROVAL: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; requestId?: string };
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
