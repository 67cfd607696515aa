import { describe, expect, it } from 'vitest';
import { baseUrlId, nextFreeUrlId, slugOf } from './url-id.js';

describe('urlIds (spec 5 "Store setup")', () => {
  it('derives the urlId from the title', () => {
    expect(slugOf('Linen Camp Shirt')).toBe('linen-camp-shirt');
    expect(slugOf('  Crème brûlée & Co. ')).toBe('creme-brulee-co');
    expect(baseUrlId('Summer Shop', 'Store')).toBe('summer-shop');
  });

  it('uses the fallback title when the title is empty or under 3 characters', () => {
    expect(baseUrlId('', 'Store')).toBe('store');
    expect(baseUrlId('AB', 'Store')).toBe('store');
    expect(baseUrlId('!!!', 'Store')).toBe('store');
    expect(baseUrlId('ABC', 'Store')).toBe('abc');
  });

  it('adds the next free numeric suffix on a collision', () => {
    expect(nextFreeUrlId('shop', [])).toBe('shop');
    expect(nextFreeUrlId('shop', ['shop'])).toBe('shop-1');
    expect(nextFreeUrlId('shop', ['shop', 'shop-1', 'shop-2'])).toBe('shop-3');
    expect(nextFreeUrlId('shop', ['shop', 'shop-2'])).toBe('shop-1');
    expect(nextFreeUrlId('shop', ['shop-1'])).toBe('shop');
  });
});
