import { describe, expect, it } from 'vitest';
import { withSettingsDefaults, type Website } from '../sites/website.js';
import { cartInstalmentEligibility, productInstalments } from './eligibility.js';
import { siteInstalmentContext } from './instalment-settings.js';

function site(settings: Record<string, unknown> = {}): Website {
  return {
    id: 'w',
    identifier: 'w',
    title: 'W',
    description: '',
    siteStatus: 8,
    domains: [],
    settings: withSettingsDefaults(settings),
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

describe('pay-later eligibility', () => {
  it('derives the context from the store currency and locale', () => {
    expect(siteInstalmentContext(site())).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200000,
      shopperLanguage: 'en',
      stripeAccountCountry: 'US',
      locale: 'en_US',
    });
    expect(siteInstalmentContext(site({ currency: 'GBP', locale: 'en-GB' }))).toMatchObject({ locale: 'en_GB', afterPayAvailable: true });
    expect(siteInstalmentContext(site({ currency: 'CAD', locale: 'fr-CA' }))).toMatchObject({ locale: 'fr_CA', afterPayAvailable: true });
    expect(siteInstalmentContext(site({ currency: 'EUR', locale: 'de-DE' }))).toMatchObject({ afterPayAvailable: false, locale: null });
    expect(siteInstalmentContext(site({ commerce: { afterPay: { available: false } } })).afterPayAvailable).toBe(false);
  });

  it('shows the pill for physical products with the in-range or out-of-range text', () => {
    expect(productInstalments(site(), 1, 10000)).toMatchObject({
      show: true,
      eligible: true,
      provider: 'afterpay',
      text: '4 interest-free payments of $25.00',
    });
    expect(productInstalments(site(), 1, 100)).toMatchObject({ show: true, eligible: false, text: 'available for orders over $1.00' });
    expect(productInstalments(site(), 1, 200001)).toMatchObject({ eligible: false, text: 'available for orders up to $2,000.00' });
    expect(productInstalments(site(), 1, 200000).eligible).toBe(true);
    expect(productInstalments(site({ currency: 'GBP', locale: 'en-GB' }), 1, 5000).provider).toBe('clearpay');
    expect(productInstalments(site(), 2, 10000)).toMatchObject({ show: false, text: null });
  });

  it('allows a cart when every item is physical and the total is in range', () => {
    const entry = (productType: 1 | 2) => ({ id: 'e', itemId: 'i', quantity: 1, purchasePriceCents: 5000, productType });
    expect(cartInstalmentEligibility(site(), { entries: [entry(1)], grandTotalCents: 5000 })).toBe(true);
    expect(cartInstalmentEligibility(site(), { entries: [entry(1), entry(2)], grandTotalCents: 10000 })).toBe(false);
    expect(cartInstalmentEligibility(site(), { entries: [], grandTotalCents: 0 })).toBe(false);
    expect(cartInstalmentEligibility(site(), { entries: [entry(1)], grandTotalCents: 300000 })).toBe(false);
  });
});
