import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ownerSignInThrottle } from '../db/schema-owners.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';

/** How failed sign-ins are limited: free failures per key, then locks that double each time. */
export const SIGN_IN_LIMITS = Object.freeze({
  /** Failures of one account from one address or one trusted device before locks start. */
  accountFreeFailures: 5,
  /** Failures from one IP address on a site before locks start. */
  ipFreeFailures: 20,
  /** Failures of one account from devices it never signed in from, over every address, before those devices are locked. */
  untrustedAccountFreeFailures: 20,
  /** The first lock; each further failure doubles it. */
  firstLockSeconds: 1,
  /** The longest lock. */
  maxLockSeconds: 15 * 60,
  /** Failures older than this are forgotten. */
  forgetAfterSeconds: 60 * 60,
});

/** Message of a refused sign-in while locked (429, with Retry-After). */
export const SIGN_IN_LOCKED_MESSAGE = 'Too many failed sign-ins. Try again later.';

/** The throttle keys of a sign-in attempt: which locks it must pass and where its failure counts. */
export interface ThrottleKeys {
  /** The account-wide key (failures from devices the account never signed in from). */
  account: string;
  /** Keys whose lock refuses the attempt. */
  checked: string[];
  /** Keys a failure of the attempt counts against, with their free failures. */
  failures: { key: string; free: number }[];
  /** Keys a successful sign-in forgets: the account's, never the source's (one's own account must not reset an address's count). */
  cleared: string[];
}

/**
 * The throttle keys of a sign-in attempt (OWASP's lockout guidance): from a device the account
 * signed in from before (`device`, its id from the signed device cookie) only that device's own
 * key counts, so failures from anywhere else never lock the owner out; from any other device
 * the account and source together, the source, and the account as a whole (untrusted devices
 * only) are limited, so spreading guesses over many addresses locks out only untrusted devices.
 */
export function throttleKeys(email: string, ip: string, device: string | undefined): ThrottleKeys {
  const account = `account:${email}`;
  if (device !== undefined) {
    const key = `device:${device}:${email}`;
    return { account, checked: [key], failures: [{ key, free: SIGN_IN_LIMITS.accountFreeFailures }], cleared: [key] };
  }
  const pair = `account+ip:${email}:${ip}`;
  const source = `ip:${ip}`;
  return {
    account,
    checked: [pair, source, account],
    failures: [
      { key: pair, free: SIGN_IN_LIMITS.accountFreeFailures },
      { key: source, free: SIGN_IN_LIMITS.ipFreeFailures },
      { key: account, free: SIGN_IN_LIMITS.untrustedAccountFreeFailures },
    ],
    cleared: [pair, account],
  };
}

/** Lock length after `failures` failures with `free` free ones: 0, then 1 s, 2 s, 4 s, … up to the maximum. */
export function lockSeconds(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(SIGN_IN_LIMITS.maxLockSeconds, SIGN_IN_LIMITS.firstLockSeconds * 2 ** Math.min(30, failures - free - 1));
}

/**
 * Refuses (429 with Retry-After) while either key of the attempt is locked. Locks are written
 * and read with the server's clock (`now`), never the database's: with two clocks, a database
 * behind the server by more than the first lock would let that lock lapse before it began.
 */
export async function assertNotLocked(db: DbOrTx, websiteId: string, keys: string[], now = new Date()): Promise<void> {
  const locked = await db
    .select({ lockedUntil: ownerSignInThrottle.lockedUntil })
    .from(ownerSignInThrottle)
    .where(and(eq(ownerSignInThrottle.websiteId, websiteId), inArray(ownerSignInThrottle.key, keys), gt(ownerSignInThrottle.lockedUntil, now)));
  if (locked.length === 0) return;
  const until = Math.max(...locked.map((row) => row.lockedUntil!.getTime()));
  const retryAfter = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', SIGN_IN_LOCKED_MESSAGE, { headers: { 'retry-after': String(retryAfter) }, body: { retryAfterSeconds: retryAfter } });
}

/** Counts a failed sign-in against a key at `now` and locks it when it has used up its free failures. */
export async function recordFailure(db: DbOrTx, websiteId: string, key: string, free: number, now = new Date()): Promise<void> {
  const forget = new Date(now.getTime() - SIGN_IN_LIMITS.forgetAfterSeconds * 1000);
  const [row] = await db
    .insert(ownerSignInThrottle)
    .values({ websiteId, key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [ownerSignInThrottle.websiteId, ownerSignInThrottle.key],
      set: {
        failures: sql`CASE WHEN ${ownerSignInThrottle.lastFailureAt} < ${forget.toISOString()}::timestamptz THEN 1 ELSE ${ownerSignInThrottle.failures} + 1 END`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: ownerSignInThrottle.failures });
  const seconds = lockSeconds(row!.failures, free);
  if (seconds > 0) {
    await db
      .update(ownerSignInThrottle)
      .set({ lockedUntil: new Date(now.getTime() + seconds * 1000) })
      .where(and(eq(ownerSignInThrottle.websiteId, websiteId), eq(ownerSignInThrottle.key, key)));
  }
}

/** Forgets the failures of a key (after a successful sign-in of the account). */
export async function clearFailures(db: DbOrTx, websiteId: string, key: string): Promise<void> {
  await db.delete(ownerSignInThrottle).where(and(eq(ownerSignInThrottle.websiteId, websiteId), eq(ownerSignInThrottle.key, key)));
}
