import { FormMessages } from '@emporium/forms';
import { AppError } from '../http/errors.js';

/** A checked SaveFormSubmission body. */
export interface SubmissionRequest {
  /** The `form` JSON, parsed: values by field id. */
  values: Record<string, unknown>;
  key: string;
  captchaKey: string | undefined;
  /** Optional explicit form id (the storefront names the form through its field ids). */
  formId: string | undefined;
  pageFields: {
    pageTitle: string;
    pageId: string;
    contentSource: 'i' | 'c';
    pagePath: string;
    pagePermissionTypeValue: number;
  };
}

function processingError(): AppError {
  return new AppError('BAD_REQUEST', FormMessages.PROCESSING_ERROR, { body: { errors: {} } });
}

function optionalText(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) throw processingError();
  return value;
}

/**
 * Checks the body of POST /api/form/SaveFormSubmission. A body that is not the expected shape
 * gives 'Error processing form submission. Please reload and try again.'; a `form` that is not a
 * JSON object gives 'Could not parse the form fields, please check your entries.' (both 400).
 */
export function parseSubmissionRequest(body: unknown): SubmissionRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw processingError();
  const input = body as Record<string, unknown>;
  const key = optionalText(input, 'key', 200);
  if (!key) throw processingError();
  if (typeof input.form !== 'string') throw processingError();
  let values: unknown;
  try {
    values = JSON.parse(input.form);
  } catch {
    values = undefined;
  }
  if (!values || typeof values !== 'object' || Array.isArray(values)) {
    throw new AppError('BAD_REQUEST', FormMessages.UNPARSEABLE_FIELDS, { body: { errors: {} } });
  }
  const contentSource = input.contentSource ?? 'c';
  if (contentSource !== 'i' && contentSource !== 'c') throw processingError();
  const permission = input.pagePermissionTypeValue ?? 1;
  if (typeof permission !== 'number' || !Number.isInteger(permission)) throw processingError();
  return {
    values: values as Record<string, unknown>,
    key,
    captchaKey: optionalText(input, 'captchaKey', 4000) || undefined,
    formId: optionalText(input, 'formId', 100),
    pageFields: {
      pageTitle: optionalText(input, 'pageTitle', 2000) ?? '',
      pageId: optionalText(input, 'pageId', 200) ?? '',
      contentSource,
      pagePath: optionalText(input, 'pagePath', 2000) ?? '',
      pagePermissionTypeValue: permission,
    },
  };
}
