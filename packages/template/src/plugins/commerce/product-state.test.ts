import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  hasVariedPrices,
  isMultipleQuantityAllowedForServices,
  isOnSale,
  isSoldOut,
  productBadge,
  showsQuantityInput,
  totalStockRemaining,
  UNLIMITED_STOCK,
} from './product-state.js';
import { predicates } from './index.js';
import { CORPUS_PRESENT, fakeContext, readSections } from './test-support.js';

/** Spec entries named `...-true` / `...-false`, with their parsed JSON. */
function booleanSpecs(file: string): Array<[string, unknown, boolean]> {
  if (!CORPUS_PRESENT) return [];
  return Object.entries(readSections(file)).map(([name, json]) => [name, JSON.parse(json), name.endsWith('-true')]);
}

describe.skipIf(!CORPUS_PRESENT)('util specs from the corpus', () => {
  it.each(booleanSpecs('has-variants.json'))('hasVariants %s', (_name, item, expected) => {
    expect(hasVariants(item)).toBe(expected);
  });

  it.each(booleanSpecs('has-varied-prices.json'))('hasVariedPrices %s', (_name, item, expected) => {
    expect(hasVariedPrices(item)).toBe(expected);
  });

  it.each(booleanSpecs('is-multi-quantity-allowed-for-services.json'))('isMultipleQuantityAllowedForServices %s', (_name, settings, expected) => {
    expect(isMultipleQuantityAllowedForServices(settings)).toBe(expected);
  });

  const stock: Record<string, number> = {
    'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
    'getTotalStock-digital': UNLIMITED_STOCK,
    'getTotalStock-six-service': 6,
    'getTotalStock-0-physical': 0,
    'getTotalStock-0-physical-2': 0,
    'getTotalStock-unknown': 0,
  };
  it.each(Object.entries(CORPUS_PRESENT ? readSections('get-total-stock-remaining.json') : {}))('totalStockRemaining %s', (name, json) => {
    expect(Object.hasOwn(stock, name)).toBe(true);
    expect(totalStockRemaining(JSON.parse(json))).toBe(stock[name]);
  });
});

const SECTION_LINE = /^\{\.section items\.(\d+)\}\{\.([\w-]+\?)\}([^{]*)(?:\{\.or\}([^{]*))?\{\.end\}\{\.end\}$/;

describe.skipIf(!CORPUS_PRESENT).each(['p-has-variants-1.html', 'p-on-sale.html', 'p-sold-out.html', 'p-varied-prices.html'])('predicate corpus %s', (file) => {
  const sections: Record<string, string> = CORPUS_PRESENT ? readSections(file) : {};
  const root = JSON.parse(sections.JSON ?? '{}') as { items: unknown[] };
  const expected = (sections.OUTPUT ?? '').trim().split('\n');
  const lines = (sections.TEMPLATE ?? '').trim().split('\n');
  it.each(lines.map((line, i) => [i, line] as const))('line %i', (i, line) => {
    const [, index, name, whenTrue, whenFalse = ''] = SECTION_LINE.exec(line) ?? [];
    const predicate = predicates[name as string];
    expect(predicate).toBeDefined();
    const ctx = fakeContext(root, { node: root.items[Number(index)] });
    expect(predicate?.apply([], ctx) ? whenTrue : whenFalse).toBe(expected[i]);
  });
});

describe('derived product states (spec section 4)', () => {
  const physical = (variants: unknown[]) => ({ structuredContent: { productType: 1, variants } });

  it('a physical product with stock only in an unlimited variant is not sold out', () => {
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { unlimited: true }]))).toBe(false);
  });

  it('digital goods and gift cards are never sold out', () => {
    expect(isSoldOut({ structuredContent: { productType: 2 } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 4, variants: [] } })).toBe(false);
  });

  it('a paywall product is neither sold out nor on sale, and the sold-out? predicate agrees', () => {
    const paywall = { structuredContent: { productType: 5, variants: [{ qtyInStock: 0, onSale: true }], onSale: true } };
    expect(isSoldOut(paywall)).toBe(false);
    expect(isOnSale(paywall)).toBe(false);
    expect(productBadge(paywall)).toBe('none');
    expect(predicates['sold-out?']?.apply([], fakeContext(paywall, { node: paywall }))).toBe(false);
  });

  it('an item without a known product type counts as sold out', () => {
    expect(isSoldOut({ structuredContent: { productType: -1 } })).toBe(true);
    expect(isSoldOut({ structuredContent: { productType: 6, variants: [{ unlimited: true }] } })).toBe(true);
  });

  it('gift cards are never on sale, even with a variant flagged on sale', () => {
    expect(isOnSale({ structuredContent: { productType: 4, variants: [{ onSale: true }] } })).toBe(false);
  });

  it('badge priority is sold-out, then sale, else none', () => {
    expect(productBadge(physical([{ onSale: true, qtyInStock: 0 }]))).toBe('sold-out');
    expect(productBadge(physical([{ onSale: true, qtyInStock: 2 }]))).toBe('sale');
    expect(productBadge(physical([{ qtyInStock: 2 }]))).toBe('none');
  });

  it('accepts the product type as a numeric string', () => {
    expect(isSoldOut({ structuredContent: { productType: '1', variants: [{ qtyInStock: 1 }] } })).toBe(false);
  });

  it('ignores inherited properties of the data', () => {
    const item = Object.create({ structuredContent: { productType: 2 } });
    expect(isSoldOut(item)).toBe(true);
  });
});

describe('quantity input visibility (spec section 5)', () => {
  const item = (productType: number, extra: object = {}) => ({
    structuredContent: { productType, variants: [{ qtyInStock: 5 }], ...extra },
  });

  it.each([
    ['physical', item(1), {}, true],
    ['service, allowed by default', item(3), {}, true],
    ['service, disallowed by the store', item(3), { storeSettings: { multipleQuantityAllowedForServices: false } }, false],
    ['digital', item(2), {}, false],
    ['subscribable physical', item(1, { isSubscribable: true }), {}, false],
    ['physical with one unit left', { structuredContent: { productType: 1, variants: [{ qtyInStock: 1 }] } }, {}, false],
    [
      'physical, 5 units and a variant at -4 (no negative stock)',
      { structuredContent: { productType: 1, variants: [{ qtyInStock: 5 }, { qtyInStock: -4 }] } },
      {},
      true,
    ],
    ['physical, stock given as text', { structuredContent: { productType: 1, variants: [{ qtyInStock: '3' }] } }, {}, true],
    ['physical, unreadable stock beside 5 units', { structuredContent: { productType: 1, variants: [{ qtyInStock: 'many' }, { qtyInStock: 5 }] } }, {}, true],
    ['paywall', item(5), {}, false],
    ['gift card', item(4), {}, false],
  ])('%s', (_label, product, settings, expected) => {
    expect(showsQuantityInput(product, settings)).toBe(expected);
  });
});
