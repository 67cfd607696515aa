import { describe, expect, it } from 'vitest';
import { isOnSale, isSoldOut } from '../commerce/product-state.js';
import { formatContent as format } from './test-format.js';

const product = (type: number, variants: unknown[], extra: Record<string, unknown> = {}) => ({
  structuredContent: { productType: type, variants, ...extra },
});

describe('item-classes', () => {
  it('lists every class of a promoted, featured product in a list', () => {
    const item = {
      ...product(1, [{ onSale: true, qtyInStock: 0 }]),
      promotedBlockType: 'block type',
      categories: ['foo', 'bar baz'],
      tags: ['foo 2', 'bar baz 2'],
      author: { displayName: 'John Doe' },
      recordTypeLabel: 'record-type',
      starred: true,
      recordType: 11,
    };
    expect(format('item-classes', item, [], [{ items: [item] }], 1)).toBe(
      'hentry promoted promoted-block-block-type category-foo category-bar-baz tag-foo-2 tag-bar-baz-2 ' +
        'author-john-doe post-type-record-type article-index-1 featured on-sale sold-out',
    );
  });
  it('keeps only the basics for non-products and empty authors', () => {
    const item = { ...product(1, [{ onSale: true }]), author: { displayName: '' }, recordTypeLabel: 'foo', recordType: -1 };
    expect(format('item-classes', item)).toBe('hentry post-type-foo');
    expect(format('item-classes', { ...item, recordType: 11, structuredContent: { productType: 1, variants: [{ qtyInStock: 2 }] } })).toBe(
      'hentry post-type-foo',
    );
  });
  it('does not mark a paywall product sold out', () => {
    const paywall = { ...product(5, []), recordTypeLabel: 'store-item', recordType: 11 };
    expect(format('item-classes', paywall)).toBe('hentry post-type-store-item');
  });
  it('finds list fields in enclosing sections', () => {
    expect(format('item-classes', {}, [], [{ tags: ['A b'], recordTypeLabel: 'text' }])).toBe('hentry tag-a-b post-type-text');
  });
});

describe('product state', () => {
  it('knows sale and stock by product type', () => {
    expect(isOnSale(product(3, [{ onSale: false }, { onSale: true }]))).toBe(true);
    expect(isOnSale(product(2, [], { onSale: true }))).toBe(true);
    expect(isOnSale(product(4, [{ onSale: true }]))).toBe(false);
    expect(isSoldOut(product(1, [{ qtyInStock: 0 }, { unlimited: true }]))).toBe(false);
    expect(isSoldOut(product(1, []))).toBe(true);
    expect(isSoldOut(product(2, []))).toBe(false);
    expect(isSoldOut(product(4, []))).toBe(false);
    expect(isSoldOut({})).toBe(true);
  });
});
