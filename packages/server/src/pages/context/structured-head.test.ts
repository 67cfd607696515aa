import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingRequiredFields, type JsonLd } from '../../seo/index.js';
import { createPagesTestApp, type PagesTestApp } from '../../../test-support/pages-test-app.js';

let t: PagesTestApp;
beforeAll(async () => {
  t = await createPagesTestApp();
});
afterAll(async () => {
  await t?.close();
});

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as JsonLd);
}

describe('structured head tags', () => {
  it('gives a product page Product JSON-LD with offers and availability', async () => {
    const [node, ...rest] = jsonLdOf((await t.get('demo', '/shop/linen-camp-shirt')).body);
    expect(rest).toHaveLength(0);
    expect(node).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Linen Camp Shirt' });
    expect(missingRequiredFields(node!)).toEqual([]);
    const offers = ([] as Record<string, unknown>[]).concat((node as Record<string, any>).offers?.offers ?? (node as Record<string, any>).offers);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]).toMatchObject({ priceCurrency: 'USD', availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/) });
  });

  it('adds the reviews aggregate to a product with approved reviews', async () => {
    const [node] = jsonLdOf((await t.get('demo', '/shop/everyday-apron')).body);
    expect(node).toMatchObject({
      '@type': 'Product',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: expect.any(Number), reviewCount: expect.any(Number) },
    });
    expect(missingRequiredFields(node!)).toEqual([]);
  });

  it('gives a blog post BlogPosting JSON-LD and an RSS alternate link', async () => {
    const html = (await t.get('demo', '/journal/why-we-wash-our-linen-twice')).body;
    const [node] = jsonLdOf(html);
    expect(node).toMatchObject({ '@type': 'BlogPosting', headline: expect.any(String), datePublished: expect.any(String) });
    expect(missingRequiredFields(node!)).toEqual([]);
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Journal" href="http://demo.localhost:3000/journal/rss.xml">');
  });

  it('gives an event page Event JSON-LD and a calendar link in the spec date format', async () => {
    const html = (await t.get('demo', '/events/indigo-evening')).body;
    const href = /href="(https?:\/\/www\.google\.com\/calendar[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(new URL(href!).searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    const [node] = jsonLdOf(html);
    expect(node).toMatchObject({ '@type': 'Event', name: expect.any(String), startDate: expect.any(String) });
    expect(missingRequiredFields(node!)).toEqual([]);
  });

  it('adds neither to a plain page', async () => {
    const html = (await t.get('demo', '/about')).body;
    expect(jsonLdOf(html)).toEqual([]);
    expect(html).not.toContain('application/rss+xml');
  });
});

describe('content islands of a post', () => {
  it('sizes lightbox pictures from originalSize and needs at least two', async () => {
    const { postLightboxProps, imageSizeOf } = await import('./content-island-props.js');
    expect(imageSizeOf('1200x675')).toEqual({ width: 1200, height: 675 });
    expect(imageSizeOf('0x5')).toEqual({ width: 800, height: 800 });
    expect(imageSizeOf(undefined)).toEqual({ width: 800, height: 800 });
    expect(postLightboxProps('T', [{ assetUrl: '/a.svg' }])).toBeUndefined();
    expect(postLightboxProps('T', [{ assetUrl: '/a.svg', altText: 'A', originalSize: '640x480' }, { assetUrl: '/b.svg' }])).toEqual({
      label: 'Photos: T',
      images: [
        { src: '/a.svg', alt: 'A', width: 640, height: 480, caption: 'A' },
        { src: '/b.svg', alt: '', width: 800, height: 800 },
      ],
    });
  });

  it('maps shareButtonOptions service ids to share networks', async () => {
    const { shareButtonOptionsOf, shareNetworksOf } = await import('./content-island-props.js');
    expect(shareNetworksOf(shareButtonOptionsOf({}))).toEqual(['facebook', 'x', 'pinterest']);
    expect(shareNetworksOf(shareButtonOptionsOf({ shareButtonOptions: { 3: true, 5: true, 1: false, 99: true } }))).toEqual(['linkedin', 'email']);
  });
});

describe('share buttons of product and post pages', () => {
  it('offer the networks of the site shareButtonOptions', async () => {
    const islands = await createPagesTestApp({ islands: (await import('../island-assets.js')).staticIslandAssets(true) });
    try {
      for (const path of ['/shop/everyday-apron', '/journal/dyeing-with-walnut-hulls']) {
        const { json } = await islands.context('demo', path);
        expect(json.render.islands.share.networks).toEqual(['facebook', 'x', 'pinterest']);
        expect(json.website.shareButtonOptions).toEqual({ 1: true, 2: true, 4: true });
      }
    } finally {
      await islands.close();
    }
  });
});
