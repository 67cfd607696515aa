import { describe, expect, it } from 'vitest';
import { ISLAND_NAMES } from './islands/index.js';
import { escapeAttribute, renderIsland } from './render-island.js';

function propsOf(html: string): unknown {
  const m = /data-props="([^"]*)"/.exec(html);
  if (!m) throw new Error('no data-props');
  const decoded = m[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

describe('renderIsland', () => {
  it('wraps the server HTML with the island name and serialised props', () => {
    const html = renderIsland('AddToCartButton', { itemId: 'item-1', sku: 'SKU1' });
    expect(html).toMatch(/^<div data-island="AddToCartButton" data-props="[^"]*"><div class="add-to-cart"><button type="button"/);
    expect(html).toContain('>Add To Cart</button>');
    expect(html.endsWith('</div>')).toBe(true);
    expect(propsOf(html)).toEqual({ itemId: 'item-1', sku: 'SKU1' });
  });

  it('escapes props so they cannot break out of the attribute', () => {
    const evil = `"><script>alert('x')</script>&`;
    const html = renderIsland('AddToCartButton', { itemId: 'i', label: evil });
    expect(html).not.toContain('<script>');
    expect(propsOf(html)).toEqual({ itemId: 'i', label: evil });
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;');
  });

  it('prefixes the useId values of an island with its page id, so two islands never share an element id', () => {
    const props = { productId: 'p1', variantId: 'v1' };
    const first = renderIsland('RestockSignup', props, '0');
    const second = renderIsland('RestockSignup', props, '1');
    const idsOf = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(first).toContain('data-island-id="0">');
    expect(second).toContain('data-island-id="1">');
    expect(idsOf(first).length).toBeGreaterThan(0);
    expect(idsOf(first).every((id) => id?.startsWith('_i0-'))).toBe(true);
    expect(idsOf(second).every((id) => id?.startsWith('_i1-'))).toBe(true);
    expect(first).toContain(`for="${idsOf(first)[0]}"`);
  });

  it('rejects a malformed island id', () => {
    expect(() => renderIsland('RestockSignup', { productId: 'p', variantId: 'v' }, '"><x')).toThrow('Malformed island id: "\\"><x"');
  });

  it('rejects unknown islands', () => {
    expect(() => renderIsland('Nope', {})).toThrow('Unknown island: "Nope"');
  });

  it('registers the twenty islands (thirteen buying, seven content)', () => {
    expect([...ISLAND_NAMES].sort()).toEqual([
      'AddToCartButton',
      'CartPage',
      'CartPill',
      'Checkout',
      'Comments',
      'DonationForm',
      'FormBlock',
      'Gallery',
      'InstallmentPill',
      'JoinPayment',
      'Lightbox',
      'LikeButton',
      'OrderReceived',
      'PopupOverlay',
      'ProductForm',
      'ProductQuickView',
      'QuickView',
      'RestockSignup',
      'Reviews',
      'ShareButtons',
    ]);
  });

  it('escapes every attribute-significant character', () => {
    expect(escapeAttribute(`&"'<>`)).toBe('&amp;&quot;&#39;&lt;&gt;');
  });
});
