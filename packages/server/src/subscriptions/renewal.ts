import { createHash, randomUUID } from 'node:crypto';
import { billingDateAfter, money } from '@emporium/commerce';
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import { subscriptionRenewals, subscriptions, type SubscriptionState } from '../db/schema-subscriptions.js';
import type { Db, DbOrTx } from '../db/types.js';
import { enqueueMails } from '../outbox/index.js';
import type { PaymentProviders, SavedChargeResult } from '../payments/index.js';
import { canonicalOrigin, getWebsite, type Website } from '../sites/index.js';
import { writeRenewalOrder } from './renewal-order.js';
import { cancelledMail, type MailSite, renewalDeclinedMail, subscriptionMailLanguage } from './subscription-mails.js';
import { DUNNING_RETRY_DAYS, RENEWAL_CLAIM_SECONDS, SubscriptionMessages } from './subscription-messages.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What renewals need: the database, each site's payment providers and the configuration (for mail links). An app's `AppDeps` will do. */
export interface RenewalDeps {
  db: Db;
  payments: PaymentProviders;
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>;
  /** Told about provider faults (a renewal that will be tried again). */
  log?: { warn: (details: object, message: string) => void };
}

/** What one renewal run did to a subscription. */
export type RenewalOutcome =
  | { kind: 'paid'; cycle: number; orderId: string; orderNumber: number; state: SubscriptionState }
  | { kind: 'declined'; cycle: number; attempt: number; state: SubscriptionState }
  | { kind: 'skipped' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Due: an active subscription whose next cycle is due, or a past-due one whose retry is due. */
function isDue(sub: SubscriptionRow, now: Date): boolean {
  if (sub.state === 'active') return sub.nextBillingAt !== null && sub.nextBillingAt <= now;
  if (sub.state === 'past_due') return sub.nextRetryAt !== null && sub.nextRetryAt <= now;
  return false;
}

/** The renewal order's id: one per subscription and cycle, so a cycle can never have two orders. */
function renewalOrderId(sub: SubscriptionRow, cycle: number): string {
  return createHash('sha256').update(`renewal:${sub.websiteId}:${sub.id}:${cycle}`).digest('hex').slice(0, 32);
}

async function lockSubscription(tx: DbOrTx, websiteId: string, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, id)))
    .for('update');
  return row;
}

/**
 * Claims the next cycle's renewal for one attempt: under the subscription's row lock, the
 * cycle's renewal row is inserted, or taken over when its last attempt was declined or its
 * claim is older than {@link RENEWAL_CLAIM_SECONDS}. Undefined when the subscription is not
 * due, or another run holds the cycle.
 */
async function claimRenewal(db: Db, websiteId: string, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, websiteId, id);
    if (!sub || !isDue(sub, now)) return undefined;
    const cycle = sub.cyclesBilled + 1;
    const attempt = sub.dunningAttempts + 1;
    const claim = randomUUID();
    const stale = new Date(now.getTime() - RENEWAL_CLAIM_SECONDS * 1000);
    const taken = await tx
      .insert(subscriptionRenewals)
      .values({ websiteId, subscriptionId: id, cycle, attempt, outcome: 'pending', claim, claimedAt: now })
      .onConflictDoUpdate({
        target: [subscriptionRenewals.websiteId, subscriptionRenewals.subscriptionId, subscriptionRenewals.cycle],
        set: { attempt, outcome: 'pending', claim, claimedAt: now, message: '', updatedAt: sql`now()` },
        setWhere: sql`${subscriptionRenewals.outcome} = 'declined' OR (${subscriptionRenewals.outcome} = 'pending' AND ${subscriptionRenewals.claimedAt} < ${stale})`,
      })
      .returning({ id: subscriptionRenewals.id });
    return taken.length === 1 ? { sub, cycle, attempt, claim } : undefined;
  });
}

async function charge(deps: RenewalDeps, site: Website, sub: SubscriptionRow, cycle: number, attempt: number, orderId: string) {
  const provider = await deps.payments.get(site, sub.paymentMethod.provider);
  if (!provider) return { testMode: true, result: { ok: false, message: SubscriptionMessages.PROVIDER_UNAVAILABLE } as SavedChargeResult };
  const result = await provider.chargeSaved({
    method: sub.paymentMethod,
    amount: money(sub.amountCents, sub.currency),
    idempotencyKey: `renewal:${sub.id}:${cycle}:${attempt}`,
    orderId,
  });
  return { testMode: provider.testMode, result };
}

/** The state, next billing and dunning fields after cycle `cycle` was paid. */
function afterPaid(sub: SubscriptionRow, cycle: number, now: Date) {
  const finished = sub.plan.numBillingCycles > 0 && cycle >= sub.plan.numBillingCycles;
  const running = sub.state === 'active' || sub.state === 'past_due';
  const state: SubscriptionState = finished && sub.state !== 'cancelled' ? 'completed' : running ? 'active' : sub.state;
  const nextBillingAt = finished || sub.state === 'cancelled' ? null : billingDateAfter(sub.anchorAt, sub.plan.billingPeriod, cycle + 1 - sub.anchorCycle);
  return {
    state,
    cyclesBilled: cycle,
    nextBillingAt,
    dunningAttempts: 0,
    nextRetryAt: null,
    ...(state === 'completed' ? { endedAt: now } : {}),
    updatedAt: now,
  };
}

/**
 * Bills the next cycle of one subscription if it is due at `now`, once: the cycle is claimed
 * in a transaction ({@link claimRenewal}), charged with the key
 * `renewal:<subscriptionId>:<cycle>:<attempt>` (a repeated charge is answered, not taken
 * again), then, in a second transaction that checks the claim is still this run's, a paid
 * charge writes the renewal order and moves the next billing on (completed after the plan's
 * last cycle); a decline makes it past due with a retry per {@link DUNNING_RETRY_DAYS} after
 * the cycle's due date and mails the customer, and after the last retry cancels it with a mail.
 * A provider fault throws and leaves the claim to expire, so a later run tries again.
 */
export async function renewSubscription(deps: RenewalDeps, websiteId: string, subscriptionId: string, now: Date = new Date()): Promise<RenewalOutcome> {
  const { db } = deps;
  const claimed = await claimRenewal(db, websiteId, subscriptionId, now);
  if (!claimed) return { kind: 'skipped' };
  const { cycle, attempt, claim } = claimed;
  const site = await getWebsite(db, websiteId);
  if (!site) return { kind: 'skipped' };
  const where: MailSite = { site, origin: canonicalOrigin(site, deps.config) };
  const orderId = renewalOrderId(claimed.sub, cycle);
  const { testMode, result } = await charge(deps, site, claimed.sub, cycle, attempt, orderId);

  return db.transaction(async (tx): Promise<RenewalOutcome> => {
    const sub = await lockSubscription(tx, websiteId, subscriptionId);
    if (!sub) return { kind: 'skipped' };
    const mine = await tx
      .update(subscriptionRenewals)
      .set(result.ok ? { outcome: 'paid', updatedAt: now } : { outcome: 'declined', message: result.message, updatedAt: now })
      .where(
        and(
          eq(subscriptionRenewals.websiteId, websiteId),
          eq(subscriptionRenewals.subscriptionId, subscriptionId),
          eq(subscriptionRenewals.cycle, cycle),
          eq(subscriptionRenewals.claim, claim),
          eq(subscriptionRenewals.outcome, 'pending'),
        ),
      )
      .returning({ id: subscriptionRenewals.id });
    // Another run took the cycle over after this claim expired; the same key gives it the same answer.
    if (mine.length === 0) return { kind: 'skipped' };
    if (result.ok) {
      const orderNumber = await writeRenewalOrder(tx, where, sub, { orderId, cycle, testMode, paymentRef: result.paymentRef, summary: result.summary });
      await tx.update(subscriptionRenewals).set({ orderId }).where(eq(subscriptionRenewals.id, mine[0]!.id));
      const next = afterPaid(sub, cycle, now);
      await tx
        .update(subscriptions)
        .set(next)
        .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, subscriptionId)));
      return { kind: 'paid', cycle, orderId, orderNumber, state: next.state };
    }
    if (sub.state !== 'active' && sub.state !== 'past_due') return { kind: 'declined', cycle, attempt, state: sub.state };
    const retryDays = DUNNING_RETRY_DAYS[attempt - 1];
    const dueAt = sub.nextBillingAt ?? now;
    if (retryDays !== undefined) {
      const retryAt = new Date(dueAt.getTime() + retryDays * DAY_MS);
      await tx
        .update(subscriptions)
        .set({ state: 'past_due', dunningAttempts: attempt, nextRetryAt: retryAt, updatedAt: now })
        .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, subscriptionId)));
      await enqueueMails(tx, [renewalDeclinedMail(where, await subscriptionMailLanguage(tx, site, sub), sub, result.message, retryAt)]);
      return { kind: 'declined', cycle, attempt, state: 'past_due' };
    }
    await tx
      .update(subscriptions)
      .set({ state: 'cancelled', dunningAttempts: attempt, nextRetryAt: null, nextBillingAt: null, endedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, subscriptionId)));
    await enqueueMails(tx, [cancelledMail(where, await subscriptionMailLanguage(tx, site, sub), sub, 'dunning')]);
    return { kind: 'declined', cycle, attempt, state: 'cancelled' };
  });
}

/** Subscriptions of every site due at `now` (a cycle due, or a retry due), oldest due first. */
export async function findDueSubscriptions(db: DbOrTx, now: Date, limit = 500): Promise<Array<{ websiteId: string; id: string }>> {
  return db
    .select({ websiteId: subscriptions.websiteId, id: subscriptions.id })
    .from(subscriptions)
    .where(
      or(
        and(eq(subscriptions.state, 'active'), lte(subscriptions.nextBillingAt, now)),
        and(eq(subscriptions.state, 'past_due'), lte(subscriptions.nextRetryAt, now)),
      ),
    )
    .orderBy(asc(sql`coalesce(${subscriptions.nextRetryAt}, ${subscriptions.nextBillingAt})`), asc(subscriptions.id))
    .limit(limit);
}

/** Counts of one sweep by {@link renewDueSubscriptions}. */
export interface RenewalSweep {
  paid: number;
  declined: number;
  skipped: number;
  failed: number;
}

/**
 * Bills every subscription due at `now`, each at most once per cycle whatever else runs at
 * the same time (see {@link renewSubscription}). A provider fault on one subscription is
 * logged and counted as failed; the others go on.
 */
export async function renewDueSubscriptions(deps: RenewalDeps, now: Date = new Date()): Promise<RenewalSweep> {
  const sweep: RenewalSweep = { paid: 0, declined: 0, skipped: 0, failed: 0 };
  for (const due of await findDueSubscriptions(deps.db, now)) {
    try {
      const outcome = await renewSubscription(deps, due.websiteId, due.id, now);
      sweep[outcome.kind] += 1;
    } catch (error) {
      sweep.failed += 1;
      deps.log?.warn({ err: error, subscriptionId: due.id }, 'subscription renewal failed; it will be tried again');
    }
  }
  return sweep;
}
