import type { Money } from './money.js';
import { formatMoney } from './money-format.js';
import type { BillingPeriod, SubscriptionPlan } from './product.js';

/** Billing periods per year: weeks 52, months 12, years 1. */
export const PERIODS_PER_YEAR: Readonly<Record<BillingPeriod['unit'], number>> = Object.freeze({ WEEK: 52, MONTH: 12, YEAR: 1 });

/** Text shown when a subscription price cannot be described. */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';

const UNIT_WORDS: Readonly<Record<BillingPeriod['unit'], [string, string]>> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** True when the plan renews until cancelled (numBillingCycles 0). */
export function isIndefinite(plan: SubscriptionPlan): boolean {
  return plan.numBillingCycles === 0;
}

/** True when a plan has a known unit, positive whole period and non-negative whole cycle count. */
export function isValidPlan(plan: SubscriptionPlan | undefined): plan is SubscriptionPlan {
  if (!plan || !plan.billingPeriod) return false;
  const { value, unit } = plan.billingPeriod;
  return (
    Object.prototype.hasOwnProperty.call(PERIODS_PER_YEAR, unit) &&
    Number.isInteger(value) &&
    value > 0 &&
    Number.isInteger(plan.numBillingCycles) &&
    plan.numBillingCycles >= 0
  );
}

function countWord(n: number, unit: BillingPeriod['unit']): string {
  const [one, many] = UNIT_WORDS[unit];
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** "every month", "every 2 weeks". */
export function billingPeriodText(period: BillingPeriod): string {
  const [one, many] = UNIT_WORDS[period.unit];
  return period.value === 1 ? `every ${one}` : `every ${period.value} ${many}`;
}

/**
 * Total duration of a finite plan, in years when the number of periods is a whole number of years
 * ("1 year", "18 months", "2 years"); null for indefinite plans.
 */
export function subscriptionDurationText(plan: SubscriptionPlan): string | null {
  if (isIndefinite(plan)) return null;
  const periods = plan.billingPeriod.value * plan.numBillingCycles;
  const perYear = PERIODS_PER_YEAR[plan.billingPeriod.unit];
  if (plan.billingPeriod.unit !== 'YEAR' && periods % perYear === 0) return countWord(periods / perYear, 'YEAR');
  return countWord(periods, plan.billingPeriod.unit);
}

/** "$10.00 every month", "$5.00 every 2 weeks for 1 year"; 'Unavailable' for an invalid plan. */
export function subscriptionPriceText(price: Money, plan: SubscriptionPlan | undefined, locale?: string): string {
  if (!isValidPlan(plan)) return SUBSCRIPTION_UNAVAILABLE;
  const base = `${formatMoney(price, locale)} ${billingPeriodText(plan.billingPeriod)}`;
  const duration = subscriptionDurationText(plan);
  return duration ? `${base} for ${duration}` : base;
}
