/** Stable error codes and the one HTTP status each maps to. */
export const ERROR_STATUS = Object.freeze({
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  INVALID_INPUT: 400,
  CRUMB_FAIL: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SITE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
});

/** One of the codes of {@link ERROR_STATUS}. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Generic message sent to clients for errors we did not anticipate (spec 8, UI texts). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/**
 * An anticipated error: its code decides the HTTP status, its message is shown to the client,
 * and `body` fields (for example `crumbFail` or per-field `errors`) are merged into the JSON
 * response.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, extra: { body?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.body = Object.freeze({ ...(extra.body ?? {}) });
    this.headers = Object.freeze({ ...(extra.headers ?? {}) });
  }
}

/** Shorthand for a 404 with a message. */
export function notFound(message = 'Not found'): AppError {
  return new AppError('NOT_FOUND', message);
}

/** Shorthand for a 400 with per-field errors (field id to message). */
export function validationFailed(message: string, errors?: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', message, errors ? { body: { errors } } : {});
}
