import type { RestockPayload, SubmissionPayload } from '@emporium/forms';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';
import { ApiPaths } from './paths.js';

/** POST /api/form/FormSubmissionKey with an empty body; resolves the key. */
export async function fetchSubmissionKey(ctx: HttpContext): Promise<string> {
  const res = await requestJson<{ key?: unknown }>(ctx, ApiPaths.FORM_SUBMISSION_KEY, { method: 'POST' });
  if (typeof res?.key !== 'string' || !res.key) throw new Error('No submission key in response');
  return res.key;
}

/** POST /api/form/SaveFormSubmission. */
export function saveFormSubmission(ctx: HttpContext, payload: SubmissionPayload): Promise<unknown> {
  return requestJson(ctx, ApiPaths.SAVE_FORM_SUBMISSION, { method: 'POST', body: payload });
}

/** POST /api/site-users/account/notifications/restock. */
export function signUpForRestock(ctx: HttpContext, payload: RestockPayload): Promise<unknown> {
  return requestJson(ctx, ApiPaths.RESTOCK, { method: 'POST', body: payload });
}
