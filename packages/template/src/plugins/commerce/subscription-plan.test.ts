import { describe, expect, it } from 'vitest';
import { defaultPlanPriceText, planDuration, planPriceTextKey, subscriptionPlanOf } from './subscription-plan.js';

const item = (billingPeriod: unknown, numBillingCycles?: unknown) => ({
  structuredContent: { subscriptionPlan: { billingPeriod, numBillingCycles } },
});

describe('subscription plan texts (spec section 3)', () => {
  it.each([
    [1, 'WEEK', 0, false, 'productPrice__singlePrice__1Weekly__indefinite', '{price} every week'],
    [2, 'WEEK', 0, false, 'productPrice__singlePrice__nWeekly__indefinite', '{price} every {billingPeriodValue} weeks'],
    [1, 'MONTH', 6, false, 'productPrice__singlePrice__1Monthly__limited__nMonths', '{price} every month for {duration} months'],
    [2, 'WEEK', 26, false, 'productPrice__singlePrice__nWeekly__limited__1Years', '{price} every {billingPeriodValue} weeks for {duration} year'],
    [1, 'MONTH', 36, true, 'productPrice__multiplePrices__1Monthly__limited__nYears', 'from {price} every month for {duration} years'],
    [1, 'YEAR', 2, false, 'productPrice__singlePrice__1Yearly__limited__nYears', '{price} every year for {duration} years'],
    [1, 'WEEK', 1, false, 'productPrice__singlePrice__1Weekly__limited__1Weeks', '{price} every week for {duration} week'],
  ] as const)('every %i %s, %i cycles, multiple=%s', (value, unit, cycles, multiple, key, text) => {
    const plan = subscriptionPlanOf(item({ value, unit }, cycles));
    expect(plan).toBeDefined();
    if (!plan) return;
    expect(planPriceTextKey(plan, multiple)).toBe(key);
    expect(defaultPlanPriceText(plan, multiple)).toBe(text);
  });

  it('shows whole-year durations in years (52 weeks, 12 months)', () => {
    expect(planDuration({ periodValue: 2, unit: 'WEEK', cycles: 26 })).toEqual({ value: 1, unit: 'YEAR' });
    expect(planDuration({ periodValue: 1, unit: 'MONTH', cycles: 36 })).toEqual({ value: 3, unit: 'YEAR' });
    expect(planDuration({ periodValue: 2, unit: 'MONTH', cycles: 4 })).toEqual({ value: 8, unit: 'MONTH' });
    expect(planDuration({ periodValue: 1, unit: 'WEEK', cycles: 0 })).toEqual({ value: 0, unit: 'WEEK' });
  });

  it.each([
    ['no billing period', undefined],
    ['an unknown unit', { value: 1, unit: 'DAY' }],
    ['a zero period', { value: 0, unit: 'WEEK' }],
    ['a fractional period', { value: 1.5, unit: 'MONTH' }],
  ])('is unavailable with %s', (_label, period) => {
    expect(subscriptionPlanOf(item(period, 2))).toBeUndefined();
  });
});
