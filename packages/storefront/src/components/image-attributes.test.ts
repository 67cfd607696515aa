import { describe, expect, it } from 'vitest';
import { gallerySizes } from '../islands/content/gallery-item.js';
import { renderIsland } from '../render-island.js';
import { priorityAttributes, srcsetAttributes } from './image-attributes.js';

describe('image attributes (spec 3 image priority, spec 9 srcset)', () => {
  it.each([
    ['high', { loading: 'eager', fetchPriority: 'high' }],
    ['low', { loading: 'lazy', fetchPriority: 'low' }],
    [null, { loading: 'lazy' }],
  ] as const)('priority %s', (priority, attributes) => {
    expect(priorityAttributes(priority)).toEqual(attributes);
  });

  it('gives srcSet and sizes only to a picture with a srcset', () => {
    expect(srcsetAttributes('/a-100.webp 100w', '50vw')).toEqual({ srcSet: '/a-100.webp 100w', sizes: '50vw' });
    expect(srcsetAttributes(undefined, '50vw')).toEqual({});
    expect(srcsetAttributes('', '50vw')).toEqual({});
  });

  const GALLERY_SIZES: [Parameters<typeof gallerySizes>, string][] = [
    [['grid', 4], '(min-width: 1180px) 295px, 25vw'],
    [['grid', 3], '(min-width: 1180px) 394px, 34vw'],
    [['slider', 1], '(min-width: 600px) 480px, 80vw'],
    [['stacked', 1, 800, 50], '(min-width: 400px) 400px, 100vw'],
    [['stacked', 1, 4000, 300], '(min-width: 1180px) 1180px, 100vw'],
    [['slideshow', 1], '(min-width: 1180px) 1180px, 100vw'],
  ];
  it.each(GALLERY_SIZES)('gallery sizes for %j', (args, sizes) => {
    expect(gallerySizes(...args)).toBe(sizes);
  });

  it('renders a gallery upload with srcset and sizes and an external picture plain, in every design', () => {
    const srcset = '/api/media/s1/0123456789abcdef0123456789abcdef-100.webp 100w, /api/media/s1/0123456789abcdef0123456789abcdef-300.webp 300w';
    const items = [
      { src: '/api/media/s1/0123456789abcdef0123456789abcdef-300.jpg', srcset, alt: 'Loom', width: 300, height: 200 },
      { src: 'https://images.example.com/hills.jpg', alt: 'Hills', width: 800, height: 800 },
    ];
    for (const design of ['grid', 'slider', 'stacked', 'slideshow']) {
      const html = renderIsland('Gallery', { items, options: { design } });
      const imgs = [...html.matchAll(/<img ([^>]*)>/g)].map((m) => m[1]!);
      const uploaded = imgs.filter((a) => a.includes('src="/api/media/'));
      expect(uploaded.length, design).toBeGreaterThan(0);
      for (const attrs of uploaded) expect(attrs, design).toMatch(new RegExp(`srcSet="${srcset}" sizes="[^"]+"`));
      const external = imgs.filter((a) => a.includes('src="https://images.example.com/hills.jpg"'));
      expect(external.length, design).toBeGreaterThan(0);
      for (const attrs of external) expect(attrs, design).not.toMatch(/srcSet|sizes/);
    }
  });

  it('loads the first row of a gallery at once and the rest lazily (grid, stacked and slider designs)', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ src: `https://images.example.com/${i}.jpg`, alt: `Picture ${i}`, width: 800, height: 800 }));
    const loadingOf = (design: string, extra: Record<string, unknown> = {}) =>
      [...renderIsland('Gallery', { items, options: { design, ...extra } }).matchAll(/<img [^>]*loading="(\w+)"/g)].map((m) => m[1]);
    expect(loadingOf('grid', { thumbnailsPerRow: 4 })).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(loadingOf('stacked')).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
    expect(loadingOf('slider')).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
  });
});
