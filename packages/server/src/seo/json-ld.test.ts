import { describe, expect, it } from 'vitest';
import { Availability, aggregateRatingJsonLd, blogPostingJsonLd, eventJsonLd, jsonLdScript, productJsonLd, type JsonLd } from './json-ld.js';
import { missingRequiredFields } from './required-fields.js';

const PRODUCT = {
  name: 'Mug',
  description: 'A mug',
  url: 'https://shop.example/shop/mug',
  images: ['https://shop.example/img/mug.jpg'],
  currency: 'USD',
  variants: [{ price: '12.00', sku: 'MUG-S', available: false }],
};

describe('Product JSON-LD', () => {
  it('has name, image and an Offer with price, currency and availability', () => {
    const node = productJsonLd(PRODUCT)!;
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Mug' });
    expect(node.offers).toEqual({
      '@type': 'Offer',
      price: '12.00',
      priceCurrency: 'USD',
      availability: Availability.OUT_OF_STOCK,
      url: PRODUCT.url,
      sku: 'MUG-S',
    });
  });

  it('uses an AggregateOffer when variant prices differ, in stock when any variant is', () => {
    const node = productJsonLd({
      ...PRODUCT,
      variants: [
        { price: '12.00', available: false },
        { price: '15.50', available: true },
      ],
    })!;
    expect(node.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '12.00',
      highPrice: '15.50',
      offerCount: 2,
      priceCurrency: 'USD',
      availability: Availability.IN_STOCK,
      url: PRODUCT.url,
    });
    expect(missingRequiredFields(node)).toEqual([]);
  });

  it('adds AggregateRating only when there are reviews', () => {
    const rated = productJsonLd({ ...PRODUCT, aggregateRating: { ratingValue: 4.3, reviewCount: 3 } })!;
    expect(rated.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(missingRequiredFields(rated)).toEqual([]);
    expect(productJsonLd({ ...PRODUCT, aggregateRating: { ratingValue: null, reviewCount: 0 } })!.aggregateRating).toBeUndefined();
    expect(aggregateRatingJsonLd({ ratingValue: 5, reviewCount: 0 })).toBeNull();
  });

  it('is null without a priced variant', () => expect(productJsonLd({ ...PRODUCT, variants: [] })).toBeNull());
});

describe('BlogPosting JSON-LD', () => {
  it('has headline, ISO dates, author name and the page as main entity', () => {
    const node = blogPostingJsonLd({
      headline: 'Hello',
      url: 'https://x.example/blog/hello',
      datePublished: Date.UTC(2026, 0, 2, 10),
      authorName: 'Ada',
      images: ['https://x.example/a.jpg'],
    });
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: '2026-01-02T10:00:00.000Z',
      dateModified: '2026-01-02T10:00:00.000Z',
      author: { '@type': 'Person', name: 'Ada' },
      mainEntityOfPage: { '@id': 'https://x.example/blog/hello' },
    });
  });

  it('caps the headline at 110 characters', () => {
    const node = blogPostingJsonLd({ headline: 'h'.repeat(200), url: 'u', datePublished: 0, authorName: 'A' });
    expect((node.headline as string).length).toBe(110);
  });
});

describe('Event JSON-LD', () => {
  const EVENT = {
    name: 'Spring fair',
    url: 'https://x.example/events/fair',
    startDate: Date.UTC(2026, 4, 1, 15),
    endDate: Date.UTC(2026, 4, 1, 18),
    location: { addressLine1: '1 Main St', addressLine2: 'Hall B', addressCountry: 'US', mapLat: 40.7, mapLng: -74 },
  };

  it('has name, startDate and a Place with a PostalAddress', () => {
    const node = eventJsonLd(EVENT)!;
    expect(missingRequiredFields(node)).toEqual([]);
    expect(node.location).toEqual({
      '@type': 'Place',
      name: '1 Main St, Hall B',
      address: { '@type': 'PostalAddress', streetAddress: '1 Main St, Hall B', addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates', latitude: 40.7, longitude: -74 },
    });
    expect(node).toMatchObject({
      startDate: '2026-05-01T15:00:00.000Z',
      endDate: '2026-05-01T18:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
    });
  });

  it('is null without an address (Google requires location.address)', () => expect(eventJsonLd({ ...EVENT, location: {} })).toBeNull());
});

describe('missingRequiredFields', () => {
  it('reports missing top-level and nested fields', () => {
    const broken: JsonLd = { '@type': 'Product', name: 'x', offers: { '@type': 'Offer', price: '1' } };
    expect(missingRequiredFields(broken)).toEqual(['image', 'offers.priceCurrency', 'offers.availability']);
    expect(missingRequiredFields({ '@type': 'Event', name: 'e', startDate: 'd' })).toEqual(['location.address', 'location.name']);
  });
});

describe('jsonLdScript', () => {
  it('cannot be closed by a value', () => {
    const html = jsonLdScript({ '@type': 'Thing', name: '</script><script>alert(1)</script> & \u2028' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script> & \u2028');
  });
});
