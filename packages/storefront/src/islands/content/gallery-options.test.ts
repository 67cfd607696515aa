import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, GALLERY_DEFAULTS, applicableGalleryOptions, autoplayIntervalMs, normalizeGalleryOptions } from './gallery-options.js';
import { shownItems } from './gallery-item.js';

describe('gallery options (spec 3)', () => {
  it('defaults: grid, no autoplay, 5 s, auto-crop, square, 4 per row, padding 20, strip 80/20, max width 300, bottom meta, centre', () => {
    expect(normalizeGalleryOptions()).toEqual(GALLERY_DEFAULTS);
    expect(GALLERY_DEFAULTS).toMatchObject({
      design: 'grid',
      autoplay: false,
      autoplayDuration: 5,
      autoCrop: true,
      aspectRatio: 'square',
      thumbnailsPerRow: 4,
      padding: 20,
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      maxWidth: 300,
      metaPosition: 'bottom',
      activeAlignment: 'center',
      lightboxTheme: 'dark',
    });
  });

  it.each([
    ['autoplay-duration', 0, 'autoplayDuration', 1],
    ['autoplay-duration', 11, 'autoplayDuration', 10],
    ['autoplay-duration', '7', 'autoplayDuration', 7],
    ['thumbnails-per-row', 12, 'thumbnailsPerRow', 10],
    ['thumbnails-per-row', 0, 'thumbnailsPerRow', 1],
    ['padding', 80, 'padding', 50],
    ['thumbnail-strip-height', 300, 'thumbnailStripHeight', 200],
    ['thumbnail-strip-margin', -5, 'thumbnailStripMargin', 0],
    ['max-width', 50, 'maxWidth', 100],
    ['autoplay-duration', 'soon', 'autoplayDuration', 5],
  ] as const)('clamps %s=%s to %s=%s', (key, value, name, expected) => {
    expect(normalizeGalleryOptions({ [key]: value })[name]).toBe(expected);
  });

  it('keeps only known designs, aspect ratios, meta positions and themes', () => {
    const o = normalizeGalleryOptions({ design: 'carousel', 'aspect-ratio': 'toString', 'meta-position': 'middle', lightboxTheme: 'blue' });
    expect(o).toMatchObject({ design: 'grid', aspectRatio: 'square', metaPosition: 'bottom', lightboxTheme: 'dark' });
    expect(normalizeGalleryOptions({ design: 'stacked', 'aspect-ratio': 'anamorphic-widescreen' })).toMatchObject({
      design: 'stacked',
      aspectRatio: 'anamorphic-widescreen',
    });
  });

  it('lists the seven aspect ratios', () => {
    expect(ASPECT_RATIOS).toEqual({
      square: 1,
      standard: 1.5,
      'standard-vertical': 2 / 3,
      'four-three': 4 / 3,
      'three-four-vertical': 0.75,
      widescreen: 16 / 9,
      'anamorphic-widescreen': 2.4,
    });
  });

  it('turns the autoplay duration into milliseconds', () => {
    expect(autoplayIntervalMs({ autoplayDuration: 5 })).toBe(5000);
    expect(autoplayIntervalMs({ autoplayDuration: 10 })).toBe(10000);
    expect(autoplayIntervalMs({ autoplayDuration: 99 })).toBe(10000);
  });
});

describe('gallery option visibility (spec 4)', () => {
  it('shows autoplay duration only when autoplay is on in a slideshow or slider', () => {
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'slideshow' }))).not.toContain('autoplayDuration');
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'slideshow', autoplay: true }))).toContain('autoplayDuration');
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'grid', autoplay: true }))).not.toContain('autoplay');
  });

  it('shows the lightbox theme only when the lightbox is on, and new-window only when it is off', () => {
    const off = applicableGalleryOptions(normalizeGalleryOptions({ design: 'grid' }));
    expect(off).toEqual(expect.arrayContaining(['lightbox', 'newWindow', 'thumbnailsPerRow', 'padding', 'aspectRatio']));
    expect(off).not.toContain('lightboxTheme');
    const on = applicableGalleryOptions(normalizeGalleryOptions({ design: 'grid', lightbox: true }));
    expect(on).toContain('lightboxTheme');
    expect(on).not.toContain('newWindow');
  });

  it('shows thumbnail strip sizes only for a slideshow with thumbnails, meta details only with show-meta', () => {
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'slideshow', thumbnails: true }))).toEqual(
      expect.arrayContaining(['thumbnailStripHeight', 'thumbnailStripMargin', 'squareThumbs']),
    );
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'stacked', thumbnails: true }))).not.toContain('thumbnailStripHeight');
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'grid' }))).not.toContain('metaPosition');
    expect(applicableGalleryOptions(normalizeGalleryOptions({ design: 'grid', 'show-meta': true }))).toEqual(
      expect.arrayContaining(['metaPosition', 'showMetaOnHover']),
    );
  });
});

describe('gallery items', () => {
  it('skips imageEmpty items and items without an image', () => {
    expect(
      shownItems([
        { src: 'a', alt: '' },
        { src: 'b', alt: '', mediaType: 'imageEmpty' },
        { src: '', alt: '' },
      ]).map((i) => i.src),
    ).toEqual(['a']);
  });
});
