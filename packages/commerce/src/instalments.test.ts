import { describe, expect, it } from 'vitest';
import {
  instalmentLocale,
  instalmentProvider,
  instalmentRangeText,
  instalmentText,
  isCartInstalmentEligible,
  isInstalmentEligible,
  showsInstalmentPill,
} from './instalments.js';
import { money } from './money.js';

const ctx = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000 };

describe('instalment providers (spec section 5)', () => {
  it.each([
    ['en_US', 'afterpay'],
    ['en_CA', 'afterpay'],
    ['fr_CA', 'afterpay'],
    ['en_AU', 'afterpay'],
    ['en_NZ', 'afterpay'],
    ['en_GB', 'clearpay'],
    ['en-GB', 'clearpay'],
    ['de_DE', null],
    ['fr_FR', null],
  ] as const)('%s -> %s', (locale, provider) => {
    expect(instalmentProvider(locale)).toBe(provider);
  });

  it.each([
    ['US', 'en', 'en_US'],
    ['CA', 'fr', 'fr_CA'],
    ['CA', 'en', 'en_CA'],
    ['AU', 'en', 'en_AU'],
    ['NZ', 'en', 'en_NZ'],
    ['GB', 'en', 'en_GB'],
    ['US', 'fr', null],
    ['DE', 'de', null],
  ] as const)('country %s language %s -> %s', (country, language, locale) => {
    expect(instalmentLocale(country, language)).toBe(locale);
  });
});

describe('instalment eligibility', () => {
  it.each([
    [100, false],
    [101, true],
    [200000, true],
    [200001, false],
  ])('price %d -> %s', (price, eligible) => {
    expect(isInstalmentEligible(price, ctx)).toBe(eligible);
  });

  it.each([
    [1, true, true],
    [1, false, false],
    [2, true, false],
    [3, true, false],
    [4, true, false],
  ] as const)('product type %i with afterPayAvailable %s shows pill: %s', (type, available, shown) => {
    expect(showsInstalmentPill(type, { ...ctx, afterPayAvailable: available })).toBe(shown);
  });

  it.each([
    [[], false],
    [[{ id: '1', itemId: 'a', quantity: 1, purchasePriceCents: 1, productType: 1 as const }], true],
    [
      [
        { id: '1', itemId: 'a', quantity: 1, purchasePriceCents: 1, productType: 1 as const },
        { id: '2', itemId: 'b', quantity: 1, purchasePriceCents: 1, productType: 2 as const },
      ],
      false,
    ],
  ])('cart %# eligible: %s', (entries, eligible) => {
    expect(isCartInstalmentEligible(entries)).toBe(eligible);
  });
});

describe('instalment texts', () => {
  it('splits into 4 interest-free payments', () => {
    expect(instalmentText(money(5000))).toBe('4 interest-free payments of $12.50');
    expect(instalmentText(money(1001))).toBe('4 interest-free payments of $2.51');
  });

  it.each([
    [300000, 'available for orders up to $2,000.00'],
    [100, 'available for orders over $1.00'],
    [50, 'available for orders over $1.00'],
    [5000, null],
  ] as const)('price %d range text %s', (price, text) => {
    expect(instalmentRangeText(price, ctx, 'USD')).toBe(text);
  });
});
