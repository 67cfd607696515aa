import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import type { SubscriptionPlan } from './product.js';
import { billingDateAfter, nextBillingDate, PERIODS_PER_YEAR, subscriptionDurationText, subscriptionPriceText } from './subscription.js';

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

describe('billing dates (spec: billingPeriod WEEK, MONTH or YEAR)', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2026-01-10T09:30:00.000Z', { value: 1, unit: 'WEEK' }, 1, '2026-01-17T09:30:00.000Z'],
    ['2026-12-28T00:00:00.000Z', { value: 2, unit: 'WEEK' }, 1, '2027-01-11T00:00:00.000Z'],
    ['2026-01-15T12:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-02-15T12:00:00.000Z'],
    ['2026-01-31T12:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-02-28T12:00:00.000Z'],
    ['2028-01-31T12:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2028-02-29T12:00:00.000Z'],
    ['2026-01-31T12:00:00.000Z', { value: 1, unit: 'MONTH' }, 2, '2026-03-31T12:00:00.000Z'],
    ['2026-03-31T23:59:59.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-04-30T23:59:59.000Z'],
    ['2026-11-30T08:00:00.000Z', { value: 3, unit: 'MONTH' }, 1, '2027-02-28T08:00:00.000Z'],
    ['2026-12-15T08:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2027-01-15T08:00:00.000Z'],
    ['2028-02-29T10:00:00.000Z', { value: 1, unit: 'YEAR' }, 1, '2029-02-28T10:00:00.000Z'],
    ['2028-02-29T10:00:00.000Z', { value: 1, unit: 'YEAR' }, 4, '2032-02-29T10:00:00.000Z'],
    ['2026-06-01T00:00:00.000Z', { value: 2, unit: 'YEAR' }, 1, '2028-06-01T00:00:00.000Z'],
  ] as const)('%s + %j x %d -> %s', (from, period, periods, expected) => {
    expect(billingDateAfter(at(from), period, periods).toISOString()).toBe(expected);
  });

  it('bills next one period after the start', () => {
    expect(nextBillingDate(at('2026-01-31T00:00:00.000Z'), { value: 1, unit: 'MONTH' }).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
