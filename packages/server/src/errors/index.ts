/** Anticipated errors of the domain: stable codes, the HTTP status each maps to, and AppError. No HTTP code lives here. */
export { AppError, ERROR_STATUS, GENERIC_ERROR_MESSAGE, notFound, validationFailed, type ErrorCode } from './app-error.js';
