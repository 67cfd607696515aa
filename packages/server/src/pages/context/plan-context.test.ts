import { describe, expect, it } from 'vitest';
import { planContext } from './plan-context.js';

describe('subscription plan context', () => {
  it.each([
    [{ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 }, 3200, '$32.00 every month for 6 months', '6 payments in all.', false],
    [{ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 }, 900, '$9.00 every 2 weeks', 'Renews until you cancel.', true],
    [{ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1 }, 12000, '$120.00 every year for 1 year', '1 payment in all.', false],
    [{ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 }, 1000, '$10.00 every month for 1 year', '12 payments in all.', false],
  ] as const)('%j', (plan, cents, priceText, cyclesText, indefinite) => {
    expect(planContext(plan as never, cents, 'USD', 'en-US')).toEqual({
      billingPeriod: plan.billingPeriod,
      numBillingCycles: plan.numBillingCycles,
      indefinite,
      priceText,
      cyclesText,
    });
  });
});
