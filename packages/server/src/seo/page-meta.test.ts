import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, buildPageMeta, renderPageMeta, truncateText } from './page-meta.js';
import { absoluteUrl, canonicalOrigin } from '../sites/index.js';

describe('page meta', () => {
  it('builds title, description, canonical URL, Open Graph and Twitter properties', () => {
    const meta = buildPageMeta({
      title: 'Mug',
      siteTitle: 'Fern & Field',
      description: '<p>A <b>sturdy</b> mug &amp; saucer</p>',
      canonicalUrl: 'https://x.example/shop/mug',
      image: 'https://x.example/m.jpg',
      type: 'product',
      locale: 'en-US',
    });
    expect(meta.title).toBe('Mug — Fern & Field');
    expect(meta.description).toBe('A sturdy mug & saucer');
    expect(meta.openGraph).toEqual({
      'og:title': 'Mug',
      'og:site_name': 'Fern & Field',
      'og:url': 'https://x.example/shop/mug',
      'og:type': 'product',
      'og:description': 'A sturdy mug & saucer',
      'og:image': 'https://x.example/m.jpg',
      'og:locale': 'en_US',
    });
    expect(meta.twitter['twitter:card']).toBe('summary_large_image');
  });

  it('uses the site title alone on the home page', () => {
    expect(buildPageMeta({ title: '', siteTitle: 'Shop', canonicalUrl: 'https://x/' }).title).toBe('Shop');
  });

  it('renders escaped tags', () => {
    const html = renderPageMeta(buildPageMeta({ title: '"><script>', siteTitle: 'S', description: 'a "quote"', canonicalUrl: 'https://x/?a=1&b=2' }));
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt; — S</title>');
    expect(html).toContain('<link rel="canonical" href="https://x/?a=1&amp;b=2">');
    expect(html).toContain('<meta name="description" content="a &quot;quote&quot;">');
    expect(html).not.toContain('<script>');
  });

  it('truncates long descriptions at a word boundary with ...', () => {
    const text = truncateText('word '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(text.endsWith('word...')).toBe(true);
    expect(truncateText('short')).toBe('short');
  });

  it('prefers the primary custom domain for canonical URLs, else the public scheme and port on the site subdomain', () => {
    const config = { publicUrl: 'http://localhost:3000', baseDomain: 'localhost' };
    expect(canonicalOrigin({ identifier: 'demo', domains: ['shop.example'] }, config)).toBe('https://shop.example');
    expect(canonicalOrigin({ identifier: 'demo', domains: [] }, config)).toBe('http://demo.localhost:3000');
    expect(canonicalOrigin({ identifier: 'demo', domains: [] }, { publicUrl: 'https://shops.test', baseDomain: 'shops.test' })).toBe('https://demo.shops.test');
    expect(canonicalOrigin({ identifier: 'demo', domains: [] }, { publicUrl: 'https://shops.test:8443', baseDomain: 'shops.test' })).toBe(
      'https://demo.shops.test:8443',
    );
    expect(absoluteUrl('http://a/', '/b/c')).toBe('http://a/b/c');
  });
});
