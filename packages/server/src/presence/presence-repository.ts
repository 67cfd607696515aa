import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.js';

/** How long an editor counts as present after its last heartbeat. */
export const PRESENCE_WINDOW_MS = 30_000;
/** How often the editor sends its heartbeat while a subject is open. */
export const PRESENCE_HEARTBEAT_MS = 10_000;

/** Who announces themselves: the owner session, its account and email. */
export interface PresenceActor {
  readonly sessionKey: string;
  readonly ownerId: string | null;
  readonly email: string | null;
}

/** Another editor of the same subject. */
export interface PresentEditor {
  readonly email: string | null;
  /** The same owner account in another browser or tab. */
  readonly sameAccount: boolean;
  readonly since: Date;
}

/**
 * Records that `actor` has `subject` open at `now` and answers the other sessions that had it
 * open within {@link PRESENCE_WINDOW_MS}, longest first. Stale rows of the site are deleted on
 * the way, so the table holds only the editors of the last window.
 */
export async function announcePresence(db: DbOrTx, websiteId: string, subject: string, actor: PresenceActor, now: Date): Promise<PresentEditor[]> {
  const cutoff = new Date(now.getTime() - PRESENCE_WINDOW_MS);
  await db.execute(sql`DELETE FROM editor_presence WHERE website_id = ${websiteId} AND seen_at < ${cutoff}`);
  await db.execute(sql`
    INSERT INTO editor_presence (website_id, subject, session_key, owner_id, email, since, seen_at)
    VALUES (${websiteId}, ${subject}, ${actor.sessionKey}, ${actor.ownerId}, ${actor.email}, ${now}, ${now})
    ON CONFLICT (website_id, subject, session_key) DO UPDATE SET seen_at = EXCLUDED.seen_at, email = EXCLUDED.email`);
  const others = (await db.execute(sql`
    SELECT email, owner_id AS "ownerId", since FROM editor_presence
    WHERE website_id = ${websiteId} AND subject = ${subject} AND session_key <> ${actor.sessionKey} AND seen_at >= ${cutoff}
    ORDER BY since, session_key`)) as unknown as { rows: Array<{ email: string | null; ownerId: string | null; since: Date | string }> };
  return others.rows.map((row) => ({
    email: row.email,
    sameAccount: actor.ownerId !== null && row.ownerId === actor.ownerId,
    since: new Date(row.since),
  }));
}

/** Forgets that `actor` has `subject` open (the editor closed it). */
export async function leavePresence(db: DbOrTx, websiteId: string, subject: string, sessionKey: string): Promise<void> {
  await db.execute(sql`DELETE FROM editor_presence WHERE website_id = ${websiteId} AND subject = ${subject} AND session_key = ${sessionKey}`);
}
