import { FormMessages } from '@emporium/forms';
import { AppError } from '../errors/index.js';
import type { z } from '../http/schemas.js';
import { assertAcceptableInput } from '../http/input-guard.js';
import type { SaveFormSubmissionBody } from './schemas.js';

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

/**
 * Reads a SaveFormSubmission body whose shape the route schema has checked: parses its `form`
 * JSON (not a JSON object: 400 'Could not parse the form fields, please check your entries.')
 * and applies the page-field defaults.
 */
export function toSubmissionRequest(body: z.infer<typeof SaveFormSubmissionBody>): SubmissionRequest {
  let values: unknown;
  try {
    values = JSON.parse(body.form);
  } catch {
    values = undefined;
  }
  if (!values || typeof values !== 'object' || Array.isArray(values)) {
    throw new AppError('BAD_REQUEST', FormMessages.UNPARSEABLE_FIELDS, { body: { errors: {} } });
  }
  assertAcceptableInput(values, 'body.form');
  return {
    values: values as Record<string, unknown>,
    key: body.key,
    captchaKey: body.captchaKey || undefined,
    formId: body.formId ?? undefined,
    pageFields: {
      pageTitle: body.pageTitle ?? '',
      pageId: body.pageId ?? '',
      contentSource: body.contentSource ?? 'c',
      pagePath: body.pagePath ?? '',
      pagePermissionTypeValue: body.pagePermissionTypeValue ?? 1,
    },
  };
}
