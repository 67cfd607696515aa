import { asNumber, getPath } from './values.js';

/** Billing period units (spec section 3). */
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

/** Periods per year: weeks 52, months 12, years 1 (spec section 9). */
export const PERIODS_PER_YEAR: Readonly<Record<BillingUnit, number>> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** A subscription plan: billed every `periodValue` `unit`s, `cycles` times (0 means indefinite). */
export interface SubscriptionPlan {
  readonly periodValue: number;
  readonly unit: BillingUnit;
  readonly cycles: number;
}

/** How long a limited plan runs, with whole-year durations shown in years. */
export interface PlanDuration {
  readonly value: number;
  readonly unit: BillingUnit;
}

function isBillingUnit(unit: unknown): unit is BillingUnit {
  return typeof unit === 'string' && Object.hasOwn(PERIODS_PER_YEAR, unit);
}

/**
 * Reads `structuredContent.subscriptionPlan` of a product. Returns undefined when the plan
 * has no usable billing period (missing, unknown unit, or a value that is not a positive
 * whole number): the price is then shown as unavailable.
 */
export function subscriptionPlanOf(item: unknown): SubscriptionPlan | undefined {
  const plan = getPath(item, ['structuredContent', 'subscriptionPlan']);
  const unit = getPath(plan, ['billingPeriod', 'unit']);
  const periodValue = asNumber(getPath(plan, ['billingPeriod', 'value']));
  if (!isBillingUnit(unit) || !Number.isInteger(periodValue) || periodValue < 1) return undefined;
  const cycles = asNumber(getPath(plan, ['numBillingCycles']));
  return { periodValue, unit, cycles: Number.isInteger(cycles) && cycles > 0 ? cycles : 0 };
}

/** Total duration of a limited plan (value 0 for indefinite plans). */
export function planDuration(plan: SubscriptionPlan): PlanDuration {
  const value = plan.periodValue * plan.cycles;
  const perYear = PERIODS_PER_YEAR[plan.unit];
  if (value > 0 && value % perYear === 0) return { value: value / perYear, unit: 'YEAR' };
  return { value, unit: plan.unit };
}

function capitalized(unit: BillingUnit): string {
  return unit.charAt(0) + unit.slice(1).toLowerCase();
}

/**
 * The `localizedStrings` key of a plan's price text, e.g.
 * `productPrice__singlePrice__1Weekly__indefinite` or
 * `productPrice__multiplePrices__nMonthly__limited__nYears`.
 */
export function planPriceTextKey(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const duration = planDuration(plan);
  const prices = multiplePrices ? 'multiplePrices' : 'singlePrice';
  const period = `${plan.periodValue === 1 ? '1' : 'n'}${capitalized(plan.unit)}ly`;
  const length = duration.value === 0 ? 'indefinite' : `limited__${duration.value === 1 ? '1' : 'n'}${capitalized(duration.unit)}s`;
  return `productPrice__${prices}__${period}__${length}`;
}

/**
 * The English price text of a plan, with `{price}`, `{billingPeriodValue}` and `{duration}`
 * placeholders: `{price} every 2 weeks for 12 weeks`, `from {price} every month`.
 */
export function defaultPlanPriceText(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const plural = plan.periodValue > 1;
  const unit = plan.unit.toLowerCase();
  let text = `${multiplePrices ? 'from ' : ''}{price} every ${plural ? `{billingPeriodValue} ${unit}s` : unit}`;
  if (plan.cycles > 0) {
    const duration = planDuration(plan);
    text += ` for {duration} ${duration.unit.toLowerCase()}${duration.value === 1 ? '' : 's'}`;
  }
  return text;
}
