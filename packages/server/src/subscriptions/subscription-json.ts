import { formatMoney, money, subscriptionPriceText } from '@emporium/commerce';
import type { subscriptionRenewals, subscriptions } from '../db/schema-subscriptions.js';
import { canTake } from './subscription-actions.js';
import { SUBSCRIPTION_STATE_TEXT } from './subscription-messages.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type RenewalRow = typeof subscriptionRenewals.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the customer's manage link shows: no ids of the site's records, no payment references. */
export function customerSubscriptionJson(sub: SubscriptionRow, locale: string) {
  return {
    state: sub.state,
    stateText: SUBSCRIPTION_STATE_TEXT[sub.state],
    priceText: subscriptionPriceText(money(sub.amountCents, sub.currency), sub.plan, locale),
    amount: { value: sub.amountCents, currency: sub.currency },
    plan: sub.plan,
    cyclesBilled: sub.cyclesBilled,
    nextBillingAt: sub.state === 'active' ? iso(sub.nextBillingAt) : null,
    nextRetryAt: sub.state === 'past_due' ? iso(sub.nextRetryAt) : null,
    paymentMethod: { brand: sub.paymentMethod.summary.brand ?? null, last4: sub.paymentMethod.summary.last4 ?? null },
    lines: sub.lines.map((l) => ({
      productName: l.productName,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceText: formatMoney(money(l.unitPriceCents, sub.currency), locale),
    })),
    startedAt: sub.createdAt.toISOString(),
    canPause: canTake('pause', sub.state),
    canResume: canTake('resume', sub.state),
    canCancel: canTake('cancel', sub.state),
  };
}

/** One row of the owner's subscription list. Money in minor units of `currency`. */
export function ownerSubscriptionItem(sub: SubscriptionRow & { firstOrderNumber: number | null }, locale: string) {
  return {
    id: sub.id,
    state: sub.state,
    customerEmail: sub.customerEmail,
    currency: sub.currency,
    amountCents: sub.amountCents,
    priceText: subscriptionPriceText(money(sub.amountCents, sub.currency), sub.plan, locale),
    cyclesBilled: sub.cyclesBilled,
    numBillingCycles: sub.plan.numBillingCycles,
    nextBillingAt: sub.state === 'active' || sub.state === 'paused' ? iso(sub.nextBillingAt) : null,
    nextRetryAt: sub.state === 'past_due' ? iso(sub.nextRetryAt) : null,
    firstOrderId: sub.firstOrderId,
    firstOrderNumber: sub.firstOrderNumber,
    createdAt: sub.createdAt.toISOString(),
  };
}

/** The owner's view of one subscription: the list row, its lines, payment method and renewals. */
export function ownerSubscriptionDetail(
  sub: SubscriptionRow & { firstOrderNumber: number | null },
  renewals: Array<RenewalRow & { orderNumber: number | null }>,
  locale: string,
) {
  return {
    ...ownerSubscriptionItem(sub, locale),
    plan: sub.plan,
    dunningAttempts: sub.dunningAttempts,
    pausedAt: iso(sub.pausedAt),
    endedAt: iso(sub.endedAt),
    paymentMethod: { provider: sub.paymentMethod.provider, brand: sub.paymentMethod.summary.brand ?? null, last4: sub.paymentMethod.summary.last4 ?? null },
    lines: sub.lines.map((l) => ({ productName: l.productName, sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    renewals: renewals.map((r) => ({
      cycle: r.cycle,
      attempt: r.attempt,
      outcome: r.outcome,
      message: r.message,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      updatedAt: r.updatedAt.toISOString(),
    })),
    canPause: canTake('pause', sub.state),
    canResume: canTake('resume', sub.state),
    canCancel: canTake('cancel', sub.state),
  };
}
