import type { z } from '../http/schemas.js';
import type { OutboxRow } from './outbox-repository.js';
import type { OutboxMailJson } from './schemas.js';

/** Shown instead of the body of a mail that carries a single-use sign-in link (password reset, invitation, a customer's sign-in or confirmation). */
export const WITHHELD_BODY = 'Not shown: this mail carries a single-use sign-in link for its recipient.';

/** An outbox row as the owner API shows it; bodies of owner-account and site-user mails are withheld (their links sign their recipient in). */
export function outboxMailJson(row: OutboxRow): z.infer<typeof OutboxMailJson> {
  const withheld = row.kind.startsWith('owner-') || row.kind.startsWith('site-user-');
  return {
    ...row,
    textBody: withheld ? WITHHELD_BODY : row.textBody,
    htmlBody: withheld ? WITHHELD_BODY : row.htmlBody,
    status: row.status as z.infer<typeof OutboxMailJson>['status'],
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
