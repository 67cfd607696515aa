import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const context = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000 };

describe('InstallmentPill SSR', () => {
  it.each([
    ['en_US', 5000, 'or 4 interest-free payments of $12.50 with Afterpay', 'afterpay', 'true'],
    ['en_GB', 5000, 'or 4 interest-free payments of £12.50 with Clearpay', 'clearpay', 'true'],
    ['en_US', 300000, 'Afterpay available for orders up to $2,000.00', 'afterpay', 'false'],
    ['en_US', 100, 'Afterpay available for orders over $1.00', 'afterpay', 'false'],
  ])('%s price %i', (locale, priceCents, text, provider, inRange) => {
    const currency = locale === 'en_GB' ? 'GBP' : 'USD';
    const html = renderIsland('InstallmentPill', { productType: 1, priceCents, currency, locale, context });
    expect(html).toContain(text);
    expect(html).toContain(`data-provider="${provider}"`);
    expect(html).toContain(`data-in-range="${inRange}"`);
    expect(html).toContain('aria-haspopup="dialog"');
  });

  it.each([
    ['unsupported locale', { locale: 'de_DE' }],
    ['not physical', { productType: 2 }],
    ['afterpay unavailable', { context: { ...context, afterPayAvailable: false } }],
  ])('renders nothing: %s', (_name, patch) => {
    const html = renderIsland('InstallmentPill', { productType: 1, priceCents: 5000, currency: 'USD', locale: 'en_US', context, ...patch });
    expect(html).toMatch(/"><\/div>$/);
  });
});
