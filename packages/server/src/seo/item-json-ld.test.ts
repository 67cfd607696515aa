import { describe, expect, it } from 'vitest';
import { Availability } from './json-ld.js';
import { itemJsonLd } from './item-json-ld.js';
import { missingRequiredFields } from './required-fields.js';

const OPTIONS = { origin: 'https://shop.example', siteTitle: 'Fern & Field', currency: 'USD' };
const money = (value: string) => ({ value, currency: 'USD' });

describe('itemJsonLd over the page item context', () => {
  it('maps a store item (record type 11) with variants to a Product with offers and rating', () => {
    const item = {
      recordType: 11,
      title: 'Mug',
      excerpt: '<p>Stoneware</p>',
      fullUrl: '/shop/mug',
      assetUrl: '/img/mug.jpg',
      structuredContent: {
        productType: 1,
        variants: [
          { sku: 'S', priceMoney: money('12.00'), salePriceMoney: money('0.00'), onSale: false, qtyInStock: 0, unlimited: false },
          { sku: 'L', priceMoney: money('18.00'), salePriceMoney: money('15.00'), onSale: true, qtyInStock: 2, unlimited: false },
        ],
      },
    };
    const node = itemJsonLd(item, { ...OPTIONS, aggregateRating: { ratingValue: 4.5, reviewCount: 2 } })!;
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node).toMatchObject({
      '@type': 'Product',
      name: 'Mug',
      description: 'Stoneware',
      url: 'https://shop.example/shop/mug',
      image: ['https://shop.example/img/mug.jpg'],
    });
    expect(node.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '12.00', highPrice: '15.00', availability: Availability.IN_STOCK });
    expect(node.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
  });

  it('marks a sold-out physical product OutOfStock but never a digital one', () => {
    const variants = [{ sku: 'D', priceMoney: money('5.00'), qtyInStock: 0, unlimited: false }];
    const physical = itemJsonLd({ recordType: 11, title: 'P', fullUrl: '/s/p', assetUrl: '/p.jpg', structuredContent: { productType: 1, variants } }, OPTIONS)!;
    const digital = itemJsonLd({ recordType: 11, title: 'D', fullUrl: '/s/d', assetUrl: '/d.jpg', structuredContent: { productType: 2, variants } }, OPTIONS)!;
    expect((physical.offers as { availability: string }).availability).toBe(Availability.OUT_OF_STOCK);
    expect((digital.offers as { availability: string }).availability).toBe(Availability.IN_STOCK);
  });

  it('never marks a paywall product OutOfStock (spec 4: only physical and service products sell out)', () => {
    const variants = [{ sku: 'W', priceMoney: money('9.00'), qtyInStock: 0, unlimited: false }];
    const paywall = itemJsonLd({ recordType: 11, title: 'W', fullUrl: '/s/w', assetUrl: '/w.jpg', structuredContent: { productType: 5, variants } }, OPTIONS)!;
    expect((paywall.offers as { availability: string }).availability).toBe(Availability.IN_STOCK);
  });

  it('maps an event (record type 12) with its lifted location', () => {
    const node = itemJsonLd(
      {
        recordType: 12,
        title: 'Fair',
        fullUrl: '/events/fair',
        startDate: Date.UTC(2026, 4, 1, 15),
        endDate: Date.UTC(2026, 4, 1, 18),
        location: { addressTitle: 'Town hall', addressLine1: '1 Main St', addressCountry: 'US' },
      },
      OPTIONS,
    )!;
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node.location).toMatchObject({ name: 'Town hall', address: { streetAddress: '1 Main St', addressCountry: 'US' } });
  });

  it('maps a text post (record type 1) to a BlogPosting with the site as publisher', () => {
    const node = itemJsonLd(
      {
        recordType: 1,
        title: 'Hello',
        body: '<p>Body</p>',
        fullUrl: '/journal/hello',
        publishOn: Date.UTC(2026, 0, 2),
        updatedOn: Date.UTC(2026, 0, 3),
        author: { displayName: 'Ada' },
      },
      OPTIONS,
    )!;
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Hello',
      author: { name: 'Ada' },
      publisher: { name: 'Fern & Field' },
      dateModified: '2026-01-03T00:00:00.000Z',
      description: 'Body',
    });
  });

  it('returns null for other record types and for events without a start', () => {
    expect(itemJsonLd({ recordType: 2, title: 'Image', fullUrl: '/g/i' }, OPTIONS)).toBeNull();
    expect(itemJsonLd({ recordType: 12, title: 'E', fullUrl: '/e/e', location: { addressLine1: 'x' } }, OPTIONS)).toBeNull();
  });
});
