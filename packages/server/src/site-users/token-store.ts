import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { siteUserTokens, type SiteUserTokenPurpose } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { newSecret, sha256 } from '../owner-sessions/index.js';

/**
 * How long each mailed token works and how often. A sign-in link survives mail scanners that
 * open it first: it works for 24 hours and up to 5 times, and for 10 minutes after its first
 * use. A verification link may be opened several times (confirming twice changes nothing); a
 * reset link once.
 */
export const TOKEN_RULES: Readonly<Record<SiteUserTokenPurpose, { seconds: number; maxUses: number; graceSeconds: number | null }>> = Object.freeze({
  'sign-in': { seconds: 24 * 60 * 60, maxUses: 5, graceSeconds: 10 * 60 },
  verify: { seconds: 7 * 24 * 60 * 60, maxUses: 10, graceSeconds: null },
  reset: { seconds: 60 * 60, maxUses: 1, graceSeconds: null },
});

/** Wrong codes a sign-in link's code takes before it stops working. */
export const MAX_CODE_FAILURES = 5;
/** Digits of the code mailed beside a sign-in link. */
export const CODE_DIGITS = 6;

const codeHash = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

/** A new token (and, for sign-in, its code). */
export interface IssuedToken {
  token: string;
  code: string | undefined;
}

/**
 * Issues a token of `purpose` for a user (only hashes are stored); earlier live tokens of the
 * same purpose stop working, so only the newest mail counts.
 */
export async function issueSiteUserToken(db: DbOrTx, websiteId: string, siteUserId: string, purpose: SiteUserTokenPurpose, now: Date): Promise<IssuedToken> {
  const rules = TOKEN_RULES[purpose];
  const token = newSecret();
  const tokenHash = sha256(token);
  const code = purpose === 'sign-in' ? String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0') : undefined;
  await db
    .delete(siteUserTokens)
    .where(
      and(
        eq(siteUserTokens.websiteId, websiteId),
        or(and(eq(siteUserTokens.siteUserId, siteUserId), eq(siteUserTokens.purpose, purpose)), lt(siteUserTokens.expiresAt, now)),
      ),
    );
  await db.insert(siteUserTokens).values({
    tokenHash,
    websiteId,
    siteUserId,
    purpose,
    codeHash: code === undefined ? null : codeHash(tokenHash, code),
    maxUses: rules.maxUses,
    createdAt: now,
    expiresAt: new Date(now.getTime() + rules.seconds * 1000),
  });
  return { token, code };
}

/** The condition of a token that may still be used at `now`: unexpired, uses left, within its grace after the first use. */
function usable(purpose: SiteUserTokenPurpose, now: Date) {
  const grace = TOKEN_RULES[purpose].graceSeconds;
  return and(
    eq(siteUserTokens.purpose, purpose),
    gt(siteUserTokens.expiresAt, now),
    sql`${siteUserTokens.uses} < ${siteUserTokens.maxUses}`,
    grace === null ? undefined : or(isNull(siteUserTokens.firstUsedAt), gt(siteUserTokens.firstUsedAt, new Date(now.getTime() - grace * 1000))),
  );
}

/**
 * Uses a token once, in one guarded statement: counts the use and returns the user's id, or
 * undefined when the token is unknown, of another site or purpose, expired, used up or past
 * its grace. Of concurrent last uses only one wins.
 */
export async function useSiteUserToken(db: DbOrTx, websiteId: string, token: string, purpose: SiteUserTokenPurpose, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(siteUserTokens)
    .set({ uses: sql`${siteUserTokens.uses} + 1`, firstUsedAt: sql`coalesce(${siteUserTokens.firstUsedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(siteUserTokens.tokenHash, sha256(token)), eq(siteUserTokens.websiteId, websiteId), usable(purpose, now)))
    .returning({ siteUserId: siteUserTokens.siteUserId });
  return row?.siteUserId;
}

/** True when a token could be used now (the reset page checks before it shows its form). */
export async function isSiteUserTokenUsable(db: DbOrTx, websiteId: string, token: string, purpose: SiteUserTokenPurpose, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: siteUserTokens.siteUserId })
    .from(siteUserTokens)
    .where(and(eq(siteUserTokens.tokenHash, sha256(token)), eq(siteUserTokens.websiteId, websiteId), usable(purpose, now)));
  return row !== undefined;
}

/**
 * Uses the code of a user's live sign-in link (in any browser): true when it matches, counting
 * a use of the link; a wrong code counts a failure, and after {@link MAX_CODE_FAILURES} the link
 * and its code stop working.
 */
export async function useSignInCode(db: DbOrTx, websiteId: string, siteUserId: string, code: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ tokenHash: siteUserTokens.tokenHash, codeHash: siteUserTokens.codeHash })
    .from(siteUserTokens)
    .where(
      and(
        eq(siteUserTokens.websiteId, websiteId),
        eq(siteUserTokens.siteUserId, siteUserId),
        usable('sign-in', now),
        sql`${siteUserTokens.codeFailures} < ${MAX_CODE_FAILURES}`,
      ),
    )
    .orderBy(desc(siteUserTokens.createdAt))
    .limit(1);
  if (!live?.codeHash) return false;
  const matches = codeHash(live.tokenHash, code) === live.codeHash;
  const [row] = await db
    .update(siteUserTokens)
    .set(
      matches
        ? { uses: sql`${siteUserTokens.uses} + 1`, firstUsedAt: sql`coalesce(${siteUserTokens.firstUsedAt}, ${now.toISOString()}::timestamptz)` }
        : { codeFailures: sql`${siteUserTokens.codeFailures} + 1` },
    )
    .where(and(eq(siteUserTokens.tokenHash, live.tokenHash), usable('sign-in', now), sql`${siteUserTokens.codeFailures} < ${MAX_CODE_FAILURES}`))
    .returning({ uses: siteUserTokens.uses });
  return matches && row !== undefined;
}
