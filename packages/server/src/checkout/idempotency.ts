import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../http/errors.js';

/** Request header carrying the idempotency key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Message when a key is reused with a different request body. */
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';

/** Reads the header: 1-255 visible ASCII characters, or undefined when absent. */
export function readIdempotencyKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 visible characters.');
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** SHA-256 of the request body with keys sorted. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

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
