import { describe, expect, it } from 'vitest';
import { renderIsland } from './render-island.js';

function propsOf(html: string): Record<string, unknown> {
  const m = /data-props="([^"]*)"/.exec(html);
  if (!m) throw new Error('no data-props');
  return JSON.parse(
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

describe('renderIsland and the page’s system texts', () => {
  const texts = { 'Add To Cart': 'Ajouter au panier', Subtotal: 'Sous-total', 'Place order': 'Passer la commande' };

  it('keeps only the texts the island can show, and shows them', () => {
    const html = renderIsland('AddToCartButton', { itemId: 'item-1', texts });
    expect(propsOf(html)).toEqual({ itemId: 'item-1', texts: { 'Add To Cart': 'Ajouter au panier' } });
    expect(html).toContain('>Ajouter au panier</button>');
  });

  it('leaves `texts` out of an island that shows none of them', () => {
    expect(propsOf(renderIsland('ShareButtons', { url: 'https://example.test/', title: 'A post', networks: [], texts }))).not.toHaveProperty('texts');
  });
});
