import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** A stored response for a key. */
export interface StoredResponse {
  requestHash: string;
  status: number | null;
  body: unknown;
}

/** The stored response of a key in a scope, or undefined. */
export async function findStoredResponse(db: DbOrTx, websiteId: string, scope: string, key: string): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.websiteId, websiteId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row ? { requestHash: row.requestHash, status: row.responseStatus, body: row.responseBody } : undefined;
}

/**
 * Claims a key inside the order transaction. On PostgreSQL a second request with the same key
 * waits here until the first commits (then gets false) or rolls back (then claims it).
 */
export async function claimKey(db: DbOrTx, websiteId: string, scope: string, key: string, hash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ websiteId, scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Saves the response of a claimed key (same transaction as the order). */
export async function storeResponse(db: DbOrTx, websiteId: string, scope: string, key: string, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.websiteId, websiteId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
