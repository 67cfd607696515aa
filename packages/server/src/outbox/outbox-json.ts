import type { z } from '../http/schemas.js';
import type { OutboxRow } from './outbox-repository.js';
import type { OutboxMailJson } from './schemas.js';

/** An outbox row as the owner API shows it. */
export function outboxMailJson(row: OutboxRow): z.infer<typeof OutboxMailJson> {
  return {
    ...row,
    status: row.status as z.infer<typeof OutboxMailJson>['status'],
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
