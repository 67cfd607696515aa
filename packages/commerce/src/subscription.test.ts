import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import type { SubscriptionPlan } from './product.js';
import { PERIODS_PER_YEAR, subscriptionDurationText, subscriptionPriceText } from './subscription.js';

const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', numBillingCycles: number): SubscriptionPlan => ({
  billingPeriod: { value, unit },
  numBillingCycles,
});

describe('subscription periods (spec section 9)', () => {
  it('counts periods per year', () => {
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 });
  });

  it.each([
    [plan(1, 'MONTH', 0), null],
    [plan(1, 'MONTH', 12), '1 year'],
    [plan(1, 'MONTH', 24), '2 years'],
    [plan(1, 'MONTH', 18), '18 months'],
    [plan(2, 'WEEK', 26), '1 year'],
    [plan(1, 'WEEK', 4), '4 weeks'],
    [plan(1, 'WEEK', 1), '1 week'],
    [plan(1, 'YEAR', 3), '3 years'],
    [plan(3, 'MONTH', 1), '3 months'],
  ])('duration %j -> %s', (p, text) => {
    expect(subscriptionDurationText(p)).toBe(text);
  });

  it.each([
    [plan(1, 'MONTH', 0), '$10.00 every month'],
    [plan(2, 'WEEK', 0), '$10.00 every 2 weeks'],
    [plan(1, 'MONTH', 12), '$10.00 every month for 1 year'],
    [plan(0, 'MONTH', 0), 'Unavailable'],
    [{ billingPeriod: { value: 1, unit: 'DAY' }, numBillingCycles: 0 } as unknown as SubscriptionPlan, 'Unavailable'],
    [undefined, 'Unavailable'],
  ])('price text %j -> %s', (p, text) => {
    expect(subscriptionPriceText(money(1000), p)).toBe(text);
  });
});
