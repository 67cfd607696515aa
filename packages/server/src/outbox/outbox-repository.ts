import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { outbox } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** A mail to send, written in the transaction of the change that causes it. */
export interface NewMail {
  websiteId: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A stored outbox row. */
export type OutboxRow = typeof outbox.$inferSelect;

/** A mail claimed for delivery. */
export interface ClaimedMail {
  id: string;
  websiteId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** Most delivery attempts before a mail is marked failed. */
export const MAX_ATTEMPTS = 5;
/** A claimed mail not confirmed within this time is claimed again (the sender may have died). */
export const CLAIM_TIMEOUT_SECONDS = 300;

/** Adds mails to the outbox (call inside the transaction that causes them). */
export async function enqueueMails(db: DbOrTx, mails: NewMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await db
    .insert(outbox)
    .values(mails.map((m) => ({ websiteId: m.websiteId, kind: m.kind, toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html })))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * Claims up to `limit` due mails (pending, or claimed too long ago) with row locks that other
 * senders skip, so each mail is handed to one sender at a time.
 */
export async function claimDueMails(db: DbOrTx, limit: number): Promise<ClaimedMail[]> {
  const result = (await db.execute(sql`
    UPDATE outbox SET status = 'sending', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, website_id, to_address, subject, text_body, html_body, attempts`)) as unknown as {
    rows: Array<{ id: string; website_id: string; to_address: string; subject: string; text_body: string; html_body: string; attempts: number }>;
  };
  return result.rows.map((r) => ({
    id: r.id,
    websiteId: r.website_id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    attempts: Number(r.attempts),
  }));
}

/** Records a delivered mail. */
export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
}

/** Records a failed attempt: retried later with back-off, or failed after {@link MAX_ATTEMPTS}. */
export async function markAttemptFailed(db: DbOrTx, mail: ClaimedMail, error: string): Promise<void> {
  const failed = mail.attempts >= MAX_ATTEMPTS;
  const delaySeconds = 10 * 2 ** mail.attempts;
  await db
    .update(outbox)
    .set({
      status: failed ? 'failed' : 'pending',
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(eq(outbox.id, mail.id));
}

/** The newest mails of a site of the given kinds ('all': every kind), for the owner. */
export async function listOutbox(db: DbOrTx, websiteId: string, kinds: readonly string[] | 'all', limit = 200): Promise<OutboxRow[]> {
  if (kinds !== 'all' && kinds.length === 0) return [];
  const ofKinds = kinds === 'all' ? undefined : inArray(outbox.kind, [...kinds]);
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.websiteId, websiteId), ofKinds))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** Mail counts of a site by status. */
export async function outboxCounts(db: DbOrTx, websiteId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outbox.status, count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.websiteId, websiteId)))
    .groupBy(outbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

/** When the next mail waiting for a later attempt is due (undefined when none waits). */
export async function nextAttemptDue(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`min(${outbox.nextAttemptAt})` })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending']));
  return row?.at ? new Date(row.at) : undefined;
}
