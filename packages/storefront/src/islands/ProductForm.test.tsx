import type { ProductContent } from '@emporium/commerce';
import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const shirt: ProductContent = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Color'],
  variants: [
    { sku: 'S-RED', attributes: { Size: 'S', Color: 'Red' }, qtyInStock: 3, unlimited: false, priceMoney: { decimalValue: '25.00', currencyCode: 'USD' } },
    { sku: 'M-RED', attributes: { Size: 'M', Color: 'Red' }, qtyInStock: 0, unlimited: false, priceMoney: { decimalValue: '25.00', currencyCode: 'USD' } },
  ],
};

describe('ProductForm SSR', () => {
  it('renders labelled dropdowns with sold-out values marked, quantity input and the add button', () => {
    const html = renderIsland('ProductForm', { itemId: 'p1', product: shirt });
    expect(html).toMatch(/<label for="([^"]+)" class="variant-option__label">Size<\/label><select id="\1"/);
    expect(html).toContain('<option value="" selected="">Select Size</option>');
    expect(html).toContain('data-state="sold-out">M (Sold Out)</option>');
    expect(html).toMatch(/type="number"[^>]*min="1" max="9999" step="1" value="1"/);
    expect(html).toContain('$25.00');
    expect(html).toContain('>Add To Cart</button>');
  });

  it('#24 a sold-out only variant shows the sold-out text (custom, else "sold out") on a disabled button', () => {
    const mug: ProductContent = { productType: 1, variants: [{ ...shirt.variants[1], attributes: {} }] };
    expect(renderIsland('ProductForm', { itemId: 'p1', product: mug })).toMatch(
      /<button type="button" class="add-to-cart__button" data-state="idle" disabled="">sold out<\/button>/,
    );
    expect(renderIsland('ProductForm', { itemId: 'p1', product: mug, soldOutText: 'Kiln reloading' })).toMatch(/disabled="">Kiln reloading<\/button>/);
    const inStock: ProductContent = { productType: 1, variants: [{ ...shirt.variants[0], attributes: {} }] };
    expect(renderIsland('ProductForm', { itemId: 'p1', product: inStock })).toMatch(/data-state="idle">Add To Cart<\/button>/);
  });

  it('renders radios when asked', () => {
    const html = renderIsland('ProductForm', { itemId: 'p1', product: shirt, selectorStyle: 'radio' });
    expect(html).toContain('<legend class="variant-option__label">Color</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
  });

  it('hides the quantity input for a subscribable product and shows the subscription price', () => {
    const product: ProductContent = {
      ...shirt,
      variants: [{ ...shirt.variants[0], attributes: {} }],
      variantOptionOrdering: [],
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    };
    const html = renderIsland('ProductForm', { itemId: 'p1', product });
    expect(html).not.toContain('type="number"');
    expect(html).toContain('$25.00 every month for 1 year');
    expect(html).toContain('>Subscribe</button>');
  });

  it('lists gift card denominations as radios', () => {
    const card: ProductContent = {
      productType: 4,
      variants: [
        { sku: 'G50', attributes: {}, qtyInStock: 0, unlimited: true, priceMoney: { value: 5000, currency: 'USD' } },
        { sku: 'G25', attributes: {}, qtyInStock: 0, unlimited: true, priceMoney: { value: 2500, currency: 'USD' } },
      ],
    };
    const html = renderIsland('ProductForm', { itemId: 'g', product: card });
    expect(html).toMatch(/<legend>Amount<\/legend>.*value="G25".*\$25\.00.*value="G50".*\$50\.00/);
    expect(html).not.toContain('type="number"');
  });

  it('shows the sale price beside the struck-through original', () => {
    const product: ProductContent = {
      productType: 1,
      variants: [
        {
          sku: 'A',
          attributes: {},
          qtyInStock: 1,
          unlimited: false,
          onSale: true,
          priceMoney: { value: 2000, currency: 'USD' },
          salePriceMoney: { value: 1500, currency: 'USD' },
        },
      ],
    };
    const html = renderIsland('ProductForm', { itemId: 'p', product });
    expect(html).toMatch(/<del class="product-price__original">\$20\.00<\/del>.*\$15\.00/);
  });

  it('uses custom button text and renders additional fields', () => {
    const html = renderIsland('ProductForm', {
      itemId: 'p1',
      product: { ...shirt, useCustomAddButtonText: true, customAddButtonText: 'Pre-order' },
      additionalFields: [{ id: 'engraving', type: 'text', title: 'Engraving', required: true }],
    });
    expect(html).toContain('>Pre-order</button>');
    expect(html).toMatch(/<label for="[^"]+-engraving" class="form-field__title">Engraving/);
  });
});
