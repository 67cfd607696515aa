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

function daysInMonthUtc(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The time `periods` billing periods after `anchor`, in calendar arithmetic on UTC fields (no
 * time zone rules): WEEK adds 7 days per period; MONTH keeps the anchor's day of the month,
 * clamped to the month's last day (Jan 31 + 1 month = Feb 28 or 29); YEAR likewise (Feb 29 + 1
 * year = Feb 28). Always counted from the anchor, so a clamped month never shortens later ones.
 */
export function billingDateAfter(anchor: Date, period: BillingPeriod, periods: number): Date {
  const steps = period.value * periods;
  if (period.unit === 'WEEK') return new Date(anchor.getTime() + steps * 7 * 24 * 60 * 60 * 1000);
  const months = period.unit === 'MONTH' ? steps : steps * 12;
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonthUtc(year, month));
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(year, month, day);
  return result;
}

/** When a subscription started at `from` bills next: one billing period later ({@link billingDateAfter}). */
export function nextBillingDate(from: Date, period: BillingPeriod): Date {
  return billingDateAfter(from, period, 1);
}

/** Path of a subscription's manage page on its site, named by the customer's secret token. */
export function subscriptionManagePath(manageToken: string): string {
  return `/subscriptions/manage/${encodeURIComponent(manageToken)}`;
}
