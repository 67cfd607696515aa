import { describe, expect, it } from 'vitest';
import type { Formatter } from '../../plugin-api.js';
import { formatters } from './index.js';
import { fakeContext, variable } from './test-support.js';

function run(name: string, value: unknown, root: object = {}, args: string[] = []) {
  const ctx = fakeContext(root);
  const v = variable(value);
  (formatters[name] as Formatter).apply(args, [v], ctx);
  return v.value;
}

const physical = {
  id: 'p1',
  collectionId: 'c1',
  structuredContent: {
    productType: 1,
    variants: [
      { attributes: { size: 'S' }, qtyInStock: 3 },
      { attributes: { size: 'M' }, qtyInStock: 4 },
    ],
    variantOptionOrdering: ['size'],
  },
};

describe('product-checkout', () => {
  it('renders option pickers, quantity input and button in page order', () => {
    const out = String(run('product-checkout', physical));
    const picker = out.indexOf('class="product-variants"');
    const quantity = out.indexOf('class="product-quantity-input"');
    const button = out.indexOf('class="sqs-add-to-cart-button-wrapper"');
    expect(picker).toBeGreaterThan(-1);
    expect(quantity).toBeGreaterThan(picker);
    expect(button).toBeGreaterThan(quantity);
  });

  it('omits the quantity input for subscribable products', () => {
    const item = { ...physical, structuredContent: { ...physical.structuredContent, isSubscribable: true } };
    expect(String(run('product-checkout', item))).not.toContain('product-quantity-input');
  });

  it('keeps the established blank-line layout between the parts', () => {
    const out = String(run('product-checkout', physical));
    expect(out).toContain('  </div>\n\n\n\n<div class="product-quantity-input"');
    expect(out).toContain(`</div>${'\n'.repeat(13)}<div class="sqs-add-to-cart-button-wrapper"`);
  });
});

describe('markup escaping', () => {
  it('escapes data in the add-to-cart button', () => {
    const item = { id: '"x', structuredContent: { productType: 1 } };
    const out = String(run('add-to-cart-btn', item, { localizedStrings: { productAddToCartText: 'Buy <now>' } }));
    expect(out).toContain('data-item-id="&quot;x"');
    expect(out).toContain('>Buy &lt;now&gt;</div>');
  });

  it('escapes option names and values in the variant pickers', () => {
    const item = {
      id: 'i',
      structuredContent: {
        productType: 1,
        variants: [{ attributes: { 'a"b': '<x>' } }, { attributes: { 'a"b': 'y' } }],
        variantOptionOrdering: ['a"b'],
      },
    };
    const out = String(run('variants-select', item));
    expect(out).toContain('aria-label="Select a&quot;b"');
    expect(out).toContain('<option value="&lt;x&gt;">&lt;x&gt;</option>');
    expect(out).not.toContain('<x>');
  });

  it('escapes visitor answers in form summaries', () => {
    const field = { type: 'name', rawTitle: 'Name', values: { First: '<b>Jo</b>', Last: 'D' } };
    expect(String(run('summary-form-field', field))).toContain('&lt;b&gt;Jo&lt;/b&gt; D');
  });

  it('shows no badge on a paywall product, which is never sold out (spec 4: sold out is for physical and service)', () => {
    const paywall = { structuredContent: { productType: 5, variants: [] } };
    expect(run('product-status', paywall)).toBeUndefined();
    expect(run('product-status', { structuredContent: { productType: 5, variants: [{ qtyInStock: 0, onSale: true }] } })).toBeUndefined();
  });

  it('escapes the localized sale badge', () => {
    const item = { structuredContent: { productType: 2, onSale: true } };
    expect(run('product-status', item, { localizedStrings: { productSaleText: '<i>sale</i>' } })).toBe(
      '<div class="product-mark sale">&lt;i&gt;sale&lt;/i&gt;</div>',
    );
  });
});

describe('summary-form-field', () => {
  it('uses localized likert labels and the localized no-answer text', () => {
    const strings = { productAnswerMapAgree: 'Oui', productSummaryFormNoAnswerText: ' Aucune ' };
    const likert = { type: 'likert', rawTitle: 'Q', values: { Good: '1', Odd: '9' } };
    const out = String(run('summary-form-field', likert, { localizedStrings: strings }));
    expect(out).toContain('Good:</span> Oui</div>');
    expect(out).toContain('Odd:</span> Neutral</div>');
    expect(String(run('summary-form-field', { type: 'date', rawTitle: 'D' }, { localizedStrings: strings }))).toContain('D:</span> //');
    expect(String(run('summary-form-field', { type: 'x', rawTitle: 'X' }, { localizedStrings: strings }))).toContain('X:</span> Aucune\n');
  });
});

describe('product-price for subscriptions', () => {
  const subscription = (plan: object, variants: object[]) => ({
    structuredContent: { productType: 1, isSubscribable: true, subscriptionPlan: plan, variants },
  });

  it('shows the plan text with a localized pattern', () => {
    const item = subscription({ billingPeriod: { unit: 'MONTH', value: 3 }, numBillingCycles: 4 }, [{ priceMoney: { value: '30' } }]);
    const strings = { productPrice__singlePrice__nMonthly__limited__1Years: '{price} / {billingPeriodValue} mois, {duration} an' };
    expect(String(run('product-price', item, { localizedStrings: strings })).trim()).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">30.00</span> / 3 mois, 1 an\n</div>',
    );
  });

  it('is Unavailable when the plan unit is not WEEK, MONTH or YEAR', () => {
    const item = subscription({ billingPeriod: { unit: 'DAY', value: 1 } }, [{ priceMoney: { value: '1' } }]);
    expect(String(run('product-price', item)).trim()).toBe('<div class="product-price">\nUnavailable\n\n</div>');
  });
});
