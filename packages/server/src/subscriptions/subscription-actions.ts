import { and, eq, inArray, sql } from 'drizzle-orm';
import { subscriptions, type SubscriptionState } from '../db/schema-subscriptions.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { enqueueMails } from '../outbox/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import { canonicalOrigin, type Website } from '../sites/index.js';
import type { AppConfig } from '../config.js';
import { cancelledMail, subscriptionMailLanguage } from './subscription-mails.js';
import { SubscriptionMessages } from './subscription-messages.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What a customer or owner can do to a subscription. */
export type SubscriptionAction = 'pause' | 'resume' | 'cancel';

/** The states each action starts from. */
export const ACTION_FROM: Readonly<Record<SubscriptionAction, readonly SubscriptionState[]>> = Object.freeze({
  pause: ['active', 'past_due'],
  resume: ['paused'],
  cancel: ['active', 'past_due', 'paused'],
});

const REFUSED: Readonly<Record<SubscriptionAction, string>> = {
  pause: SubscriptionMessages.CANNOT_PAUSE,
  resume: SubscriptionMessages.CANNOT_RESUME,
  cancel: SubscriptionMessages.CANNOT_CANCEL,
};

/** True when `action` may be taken in `state`. */
export function canTake(action: SubscriptionAction, state: SubscriptionState): boolean {
  return ACTION_FROM[action].includes(state);
}

/** Who acts: the customer by their manage link, or an owner (recorded in the audit log). */
export type SubscriptionActor = { kind: 'customer' } | { kind: 'owner'; actor: AuditActor };

function changes(action: SubscriptionAction, now: Date) {
  switch (action) {
    case 'pause':
      // A pause stops the dunning of a past-due cycle too; resuming bills it afresh.
      return { state: 'paused' as const, pausedAt: now, nextRetryAt: null, dunningAttempts: 0, updatedAt: now };
    case 'resume':
      // Resumed after its due date, the next cycle is due at once and the later ones count from today.
      return {
        state: 'active' as const,
        pausedAt: null,
        anchorAt: sql`CASE WHEN ${subscriptions.nextBillingAt} <= ${now} THEN ${now}::timestamptz ELSE ${subscriptions.anchorAt} END`,
        anchorCycle: sql`CASE WHEN ${subscriptions.nextBillingAt} <= ${now} THEN ${subscriptions.cyclesBilled} + 1 ELSE ${subscriptions.anchorCycle} END`,
        nextBillingAt: sql`CASE WHEN ${subscriptions.nextBillingAt} <= ${now} THEN ${now}::timestamptz ELSE ${subscriptions.nextBillingAt} END`,
        updatedAt: now,
      };
    case 'cancel':
      return { state: 'cancelled' as const, nextBillingAt: null, nextRetryAt: null, endedAt: now, updatedAt: now };
  }
}

/**
 * Pauses, resumes or cancels a subscription of the site, guarded by its state in one
 * statement (two requests at once change it once); an owner's change is audited in the same
 * transaction and a cancellation mails the customer. 404 for another site's or an unknown
 * subscription, 409 when the state does not allow the action.
 */
export async function changeSubscription(
  db: Db,
  site: Website,
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>,
  subscriptionId: string,
  action: SubscriptionAction,
  by: SubscriptionActor,
  now: Date = new Date(),
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(subscriptions)
      .set(changes(action, now))
      .where(and(eq(subscriptions.websiteId, site.id), eq(subscriptions.id, subscriptionId), inArray(subscriptions.state, [...ACTION_FROM[action]])))
      .returning();
    if (!changed) {
      if (!(await findSubscription(tx, site.id, subscriptionId))) throw new AppError('NOT_FOUND', SubscriptionMessages.NOT_FOUND);
      throw new AppError('CONFLICT', REFUSED[action]);
    }
    if (by.kind === 'owner') {
      await recordAuditAs(tx, site.id, by.actor, {
        action: `subscription.${action}`,
        subjectType: 'subscription',
        subjectId: changed.id,
        detail: { state: changed.state },
      });
    }
    if (action === 'cancel') {
      const language = await subscriptionMailLanguage(tx, site, changed);
      await enqueueMails(tx, [cancelledMail({ site, origin: canonicalOrigin(site, config) }, language, changed, 'request')]);
    }
    return changed;
  });
}

/** A subscription of the site by id. */
export async function findSubscription(db: DbOrTx, websiteId: string, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, id)));
  return row;
}

/** A subscription of the site by its customer's manage token (never another site's). */
export async function findByManageToken(db: DbOrTx, websiteId: string, token: string): Promise<SubscriptionRow | undefined> {
  if (token.length < 16 || token.length > 64) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.manageToken, token)));
  return row;
}
