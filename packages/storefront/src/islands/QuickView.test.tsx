import type { ProductContent } from '@emporium/commerce';
import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const product: ProductContent = {
  productType: 1,
  variants: [{ sku: 'A', attributes: {}, qtyInStock: 4, unlimited: false, priceMoney: { value: 3400, currency: 'USD' } }],
};

describe('QuickView SSR', () => {
  it('renders only the Quick View button, closed', () => {
    const html = renderIsland('QuickView', { itemId: 'p1', product, title: 'Mug', imageUrl: '/m.jpg' });
    expect(html).toContain('<button type="button" class="quick-view__button" aria-haspopup="dialog" aria-label="Quick View: Mug">Quick View</button>');
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('$34.00');
  });

  it('takes a custom label', () => {
    expect(renderIsland('QuickView', { itemId: 'p1', product, title: 'Mug', label: 'Peek' })).toContain('>Peek</button>');
  });
});

describe('ProductQuickView SSR', () => {
  it('renders the light button without product data', () => {
    const html = renderIsland('ProductQuickView', { url: '/shop/mug', title: 'Mug' });
    expect(html).toBe(
      '<div data-island="ProductQuickView" data-props="{&quot;url&quot;:&quot;/shop/mug&quot;,&quot;title&quot;:&quot;Mug&quot;}"><div class="quick-view"><button type="button" class="quick-view__button" aria-haspopup="dialog" aria-label="Quick View: Mug">Quick View</button></div></div>',
    );
  });
});
