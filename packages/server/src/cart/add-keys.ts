import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** Scope of add-to-cart keys in the idempotency table: one key per site, whatever the cart. */
export const ADD_KEY_SCOPE = 'cart-add';
/** Hours an add-to-cart key is remembered; after that the same key is a new add. */
export const ADD_KEY_LIFETIME_HOURS = 24;
/** Most expired add keys one keyed add deletes. */
export const ADD_KEY_PRUNE_BATCH = 100;

const expiredBefore = sql`now() - make_interval(hours => ${ADD_KEY_LIFETIME_HOURS})`;
/** The scope as a literal, so the planner can use the partial index of migration 0082 (`WHERE scope = 'cart-add'`). */
const isAddKey = sql`${idempotencyKeys.scope} = ${sql.raw(`'${ADD_KEY_SCOPE}'`)}`;

/** What a keyed add leaves for its repeats. */
export interface StoredAdd {
  /** Cart the first add's cookie named (null: it came without one). */
  requestCartId: string | null;
  /** Cart the add went into. */
  cartId: string;
  /** The add created that cart, so its answer set the cart cookies. */
  newCart: boolean;
  status: number;
  /** The answer's JSON text, kept as sent so that repeats get the same bytes. */
  bodyJson: string;
}

/** A remembered key: the first add's request hash and, once it committed, its answer. */
export interface RememberedAdd {
  requestHash: string;
  /** Undefined only while the first add has not stored its answer. */
  stored: StoredAdd | undefined;
}

function isStoredAdd(value: unknown): value is Omit<StoredAdd, 'status'> {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.cartId === 'string' &&
    typeof v.newCart === 'boolean' &&
    typeof v.bodyJson === 'string' &&
    (v.requestCartId === null || typeof v.requestCartId === 'string')
  );
}

/** The unexpired add key of a site, or undefined. */
export async function findAddKey(db: DbOrTx, websiteId: string, key: string): Promise<RememberedAdd | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.websiteId, websiteId),
        eq(idempotencyKeys.scope, ADD_KEY_SCOPE),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, expiredBefore),
      ),
    );
  if (!row) return undefined;
  const body = row.body;
  const stored =
    row.status !== null && isStoredAdd(body)
      ? { requestCartId: body.requestCartId, cartId: body.cartId, newCart: body.newCart, bodyJson: body.bodyJson, status: row.status }
      : undefined;
  return { requestHash: row.requestHash, stored };
}

/**
 * Claims an add key inside the add's transaction: inserts it, or takes over an expired one.
 * The primary key (website, scope, key) makes this the one guarantee that a key adds once: on
 * PostgreSQL a second claim of the same key waits until the first transaction ends, then gets
 * false when it committed (or claims the key when it rolled back).
 */
export async function claimAddKey(tx: DbOrTx, websiteId: string, key: string, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ websiteId, scope: ADD_KEY_SCOPE, key, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.websiteId, idempotencyKeys.scope, idempotencyKeys.key],
      set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
      setWhere: lte(idempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Saves the answer of a claimed add key (in the add's transaction). */
export async function storeAddAnswer(tx: DbOrTx, websiteId: string, key: string, stored: StoredAdd): Promise<void> {
  const { status, ...body } = stored;
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.websiteId, websiteId), eq(idempotencyKeys.scope, ADD_KEY_SCOPE), eq(idempotencyKeys.key, key)));
}

/**
 * Deletes up to {@link ADD_KEY_PRUNE_BATCH} expired add keys of any site (checkout keys are left
 * alone), skipping rows another transaction holds, so concurrent adds never wait on each other
 * here. Returns how many were deleted.
 */
export async function pruneExpiredAddKeys(tx: DbOrTx): Promise<number> {
  const expired = tx
    .select({ websiteId: idempotencyKeys.websiteId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(isAddKey, lte(idempotencyKeys.createdAt, expiredBefore)))
    .limit(ADD_KEY_PRUNE_BATCH)
    .for('update', { skipLocked: true });
  const deleted = await tx
    .delete(idempotencyKeys)
    .where(and(isAddKey, sql`(${idempotencyKeys.websiteId}, ${idempotencyKeys.key}) IN (${expired})`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
