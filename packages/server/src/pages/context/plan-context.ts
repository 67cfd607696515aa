import { isIndefinite, money, subscriptionPriceText, type SubscriptionPlan } from '@emporium/commerce';

/** What the subscription pages show of a plan (spec 3 Subscription). */
export interface PlanContext {
  billingPeriod: { value: number; unit: string };
  numBillingCycles: number;
  indefinite: boolean;
  /** "$32.00 every month for 6 months". */
  priceText: string;
  /** "6 payments in all." or "Renews until you cancel." */
  cyclesText: string;
}

/** The plan as the theme prints it, priced at `priceCents` per billing period. */
export function planContext(plan: SubscriptionPlan, priceCents: number, currency: string, locale: string): PlanContext {
  const indefinite = isIndefinite(plan);
  return {
    billingPeriod: { value: plan.billingPeriod.value, unit: plan.billingPeriod.unit },
    numBillingCycles: plan.numBillingCycles,
    indefinite,
    priceText: subscriptionPriceText(money(priceCents, currency), plan, locale),
    cyclesText: indefinite ? 'Renews until you cancel.' : plan.numBillingCycles === 1 ? '1 payment in all.' : `${plan.numBillingCycles} payments in all.`,
  };
}
