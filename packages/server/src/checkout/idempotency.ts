import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** Request header carrying the idempotency key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Message when a key is reused with a different request body. */
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';

type Token = { value: unknown } | { text: string };

/** Keys sorted, in the order an object built from them lists them (integer-like keys first), as stored hashes were made. */
function sortedKeys(value: object): string[] {
  return Object.keys(
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, true]),
    ),
  );
}

function scalarJson(value: unknown, inArray: boolean): string | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return inArray ? 'null' : undefined;
  return JSON.stringify(value);
}

/**
 * `JSON.stringify` of `value` with object keys sorted, built with an explicit stack instead of
 * recursion so that no body, however deeply nested, can overflow the call stack.
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const pending: Token[] = [{ value }];
  while (pending.length > 0) {
    const token = pending.pop()!;
    if ('text' in token) {
      out += token.text;
      continue;
    }
    const current = token.value;
    if (Array.isArray(current)) {
      const parts: Token[] = [{ text: '[' }];
      current.forEach((element, index) => {
        if (index > 0) parts.push({ text: ',' });
        const scalar = element !== null && typeof element === 'object' ? undefined : scalarJson(element, true);
        parts.push(scalar === undefined ? { value: element } : { text: scalar });
      });
      parts.push({ text: ']' });
      for (let i = parts.length - 1; i >= 0; i -= 1) pending.push(parts[i]!);
      continue;
    }
    if (current !== null && typeof current === 'object') {
      const parts: Token[] = [{ text: '{' }];
      for (const key of sortedKeys(current)) {
        const field = (current as Record<string, unknown>)[key];
        const isContainer = field !== null && typeof field === 'object';
        const scalar = isContainer ? undefined : scalarJson(field, false);
        if (!isContainer && scalar === undefined) continue;
        parts.push({ text: `${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:` });
        parts.push(isContainer ? { value: field } : { text: scalar! });
      }
      parts.push({ text: '}' });
      for (let i = parts.length - 1; i >= 0; i -= 1) pending.push(parts[i]!);
      continue;
    }
    out += scalarJson(current, true);
  }
  return out;
}

/** SHA-256 of the request body with keys sorted. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
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
