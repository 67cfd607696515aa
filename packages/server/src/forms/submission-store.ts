import { FormMessages, isValidEmail } from '@emporium/forms';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import type { FormRow } from './form-repository.js';
import { submissionMail } from './submission-mail.js';
import type { SubmissionRequest } from './submission-payload.js';

/** A stored submission. */
export interface StoredSubmission {
  id: string;
  createdAt: Date;
}

/**
 * Stores a submission with one statement (so one transaction) that consumes its key, inserts
 * the submission and queues the storage tab's notification mail; resolves only after commit.
 * A key that is unknown, expired, used or of another site gives 401 'Unable to submit form.
 * Please try again later.'; a storage failure gives 500 'Unable to send form. Please try again later.'
 * The submission keeps the visitor's `language` (the page it was sent from, decision 0052).
 */
export async function storeSubmission(
  db: Db,
  form: FormRow,
  request: SubmissionRequest,
  data: Record<string, unknown>,
  language?: string,
): Promise<StoredSubmission> {
  const notify = (form.storage as { email?: unknown }).email;
  const mail = typeof notify === 'string' && isValidEmail(notify) ? submissionMail(form, notify.trim(), data, request.pageFields.pagePath) : undefined;
  let rows: Array<{ id: string; created_at: string | Date }>;
  try {
    const result = await db.execute(sql`
      WITH key AS (
        UPDATE form_submission_keys SET used_at = now()
        WHERE key = ${request.key} AND website_id = ${form.websiteId} AND used_at IS NULL AND expires_at > now()
        RETURNING key),
      saved AS (
        INSERT INTO form_submissions (website_id, form_id, submission_key, data, page_fields, language)
        SELECT ${form.websiteId}, ${form.id}, key.key, ${JSON.stringify(data)}::jsonb, ${JSON.stringify(request.pageFields)}::jsonb, ${language ?? null}::text FROM key
        RETURNING id, created_at)
      ${
        mail
          ? sql`, mail AS (
        INSERT INTO outbox (website_id, kind, to_address, subject, text_body, html_body)
        SELECT ${mail.websiteId}, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html} FROM saved)`
          : sql``
      }
      SELECT id, created_at FROM saved`);
    rows = (result as unknown as { rows: typeof rows }).rows;
  } catch (error) {
    throw new AppError('INTERNAL', FormMessages.SERVER_ERROR, { cause: error });
  }
  const [row] = rows;
  if (!row) throw new AppError('UNAUTHORIZED', FormMessages.SUBMIT_FAILED);
  return { id: row.id, createdAt: new Date(row.created_at) };
}
