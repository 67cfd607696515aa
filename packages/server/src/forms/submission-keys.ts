import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { formSubmissionKeys } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** Issues a single-use submission key for a site, valid for `ttlMs`. */
export async function issueSubmissionKey(db: DbOrTx, websiteId: string, ttlMs: number): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insert(formSubmissionKeys).values({ key, websiteId, expiresAt: new Date(Date.now() + ttlMs) });
  if (Math.random() < 0.01) await db.delete(formSubmissionKeys).where(lt(formSubmissionKeys.expiresAt, sql`now() - interval '1 day'`));
  return key;
}

/** True when a key is of this site, unused and not expired (it may still be used by a concurrent request). */
export async function isSubmissionKeyUsable(db: DbOrTx, websiteId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: formSubmissionKeys.key })
    .from(formSubmissionKeys)
    .where(
      and(
        eq(formSubmissionKeys.key, key),
        eq(formSubmissionKeys.websiteId, websiteId),
        isNull(formSubmissionKeys.usedAt),
        gt(formSubmissionKeys.expiresAt, sql`now()`),
      ),
    );
  return rows.length === 1;
}

/** Marks a key used; false when it is unknown, of another site, expired or already used. */
export async function consumeSubmissionKey(db: DbOrTx, websiteId: string, key: string): Promise<boolean> {
  const rows = await db
    .update(formSubmissionKeys)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(formSubmissionKeys.key, key),
        eq(formSubmissionKeys.websiteId, websiteId),
        isNull(formSubmissionKeys.usedAt),
        gt(formSubmissionKeys.expiresAt, sql`now()`),
      ),
    )
    .returning({ key: formSubmissionKeys.key });
  return rows.length === 1;
}
