import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { captchaChallenges } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import type { CaptchaCheck, CaptchaProvider, CaptchaResult } from './captcha-provider.js';
import { NONCE_PATTERN, meetsDifficulty, type PowChallenge } from './proof-of-work.js';

/** Default number of leading zero bits (about 16k hashes on average). */
export const DEFAULT_POW_DIFFICULTY = 14;
/** How long a challenge may be solved. */
export const POW_CHALLENGE_TTL_MS = 10 * 60_000;

const CHALLENGE_PATTERN = /^[0-9a-f]{32}$/;

/** Stores a new single-use challenge for a site. */
export async function issuePowChallenge(db: DbOrTx, websiteId: string, difficulty = DEFAULT_POW_DIFFICULTY): Promise<PowChallenge> {
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 32) throw new RangeError('difficulty must be 1-32');
  const id = randomBytes(16).toString('hex');
  const expiresAt = new Date(Date.now() + POW_CHALLENGE_TTL_MS);
  await db.insert(captchaChallenges).values({ id, websiteId, difficulty, expiresAt });
  if (Math.random() < 0.01) await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, sql`now() - interval '1 day'`));
  return { challenge: id, difficulty, algorithm: 'SHA-256', expiresAt: expiresAt.toISOString() };
}

/** Splits a `challenge:nonce` token; null when it does not have that shape. */
export function parsePowToken(token: string): { challenge: string; nonce: string } | null {
  const [challenge, nonce, ...rest] = token.split(':');
  if (rest.length > 0 || !challenge || !nonce) return null;
  if (!CHALLENGE_PATTERN.test(challenge) || !NONCE_PATTERN.test(nonce)) return null;
  return { challenge, nonce };
}

/**
 * Self-hosted proof of work: the token is `challenge:nonce`; the challenge must belong to the
 * site, be unexpired and unused, and is consumed by the check whatever its outcome.
 */
export class PowCaptchaProvider implements CaptchaProvider {
  readonly kind = 'pow' as const;

  async verify(check: CaptchaCheck): Promise<CaptchaResult> {
    if (!check.token) return { ok: false, reason: 'missing' };
    const parsed = parsePowToken(check.token);
    if (!parsed) return { ok: false, reason: 'failed' };
    const [row] = await check.db
      .update(captchaChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(captchaChallenges.id, parsed.challenge),
          eq(captchaChallenges.websiteId, check.websiteId),
          isNull(captchaChallenges.usedAt),
          gt(captchaChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ difficulty: captchaChallenges.difficulty });
    if (!row) return { ok: false, reason: 'failed' };
    return (await meetsDifficulty(parsed.challenge, parsed.nonce, row.difficulty)) ? { ok: true } : { ok: false, reason: 'failed' };
  }
}
