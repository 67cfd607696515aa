import { and, eq, gt, isNull } from 'drizzle-orm';
import { ownerTokens } from '../db/schema-owners.js';
import type { DbOrTx } from '../db/types.js';
import { newSecret, sha256 } from '../owner-sessions/index.js';

/** What a mailed token is for. */
export type TokenPurpose = 'reset' | 'invitation';

/** A password reset link works for 15 minutes. */
export const RESET_TOKEN_SECONDS = 15 * 60;
/** An invitation works for 7 days. */
export const INVITATION_TOKEN_SECONDS = 7 * 24 * 60 * 60;

/**
 * Issues a single-use token for an owner and returns it (only its sha256 is stored). Earlier
 * unused tokens of the same purpose stop working.
 */
export async function issueToken(db: DbOrTx, websiteId: string, ownerId: string, purpose: TokenPurpose): Promise<string> {
  const token = newSecret();
  const seconds = purpose === 'reset' ? RESET_TOKEN_SECONDS : INVITATION_TOKEN_SECONDS;
  await db
    .update(ownerTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(ownerTokens.ownerId, ownerId), eq(ownerTokens.purpose, purpose), isNull(ownerTokens.usedAt)));
  await db.insert(ownerTokens).values({ tokenHash: sha256(token), websiteId, ownerId, purpose, expiresAt: new Date(Date.now() + seconds * 1000) });
  return token;
}

/**
 * Uses a token of a site once: marks it used and returns its owner's id, or undefined when it
 * is unknown, of another site or purpose, used, or expired. Of two concurrent uses one wins.
 */
export async function consumeToken(db: DbOrTx, websiteId: string, token: string, purpose: TokenPurpose): Promise<string | undefined> {
  const [row] = await db
    .update(ownerTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ownerTokens.tokenHash, sha256(token)),
        eq(ownerTokens.websiteId, websiteId),
        eq(ownerTokens.purpose, purpose),
        isNull(ownerTokens.usedAt),
        gt(ownerTokens.expiresAt, new Date()),
      ),
    )
    .returning({ ownerId: ownerTokens.ownerId });
  return row?.ownerId;
}
