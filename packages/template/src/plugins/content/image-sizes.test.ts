import { describe, expect, it } from 'vitest';
import { formatContent as format } from './test-format.js';
import { INVALID_SIZE_SOURCE, thumbnailForWidth } from './image-sizes.js';

describe('image sizes', () => {
  it('splits WIDTHxHEIGHT', () => {
    expect(format('width', '800x400')).toBe(800);
    expect(format('height', '800x400')).toBe(400);
    expect(format('width', 1000)).toBeUndefined();
  });

  it.each([
    ['250x175', 35, 71, '100w', '100w'],
    ['400x100', 12, 200, '300w', '100w'],
    ['800x400', 25, 100, '100w', '100w'],
  ])('resizes %s', (size, h, w, thumbH, thumbW) => {
    expect(format('resizedHeightForWidth', size, ['50'])).toBe(h);
    expect(format('resizedWidthForHeight', size, ['50'])).toBe(w);
    expect(format('squarespaceThumbnailForHeight', size, ['50'])).toBe(thumbH);
    expect(format('squarespaceThumbnailForWidth', size, ['50'])).toBe(thumbW);
  });

  it('reports a malformed source', () => {
    expect(format('resizedHeightForWidth', '800', ['50'])).toBe(INVALID_SIZE_SOURCE);
    expect(format('squarespaceThumbnailForHeight', {}, ['50'])).toBe("Invalid source parameter. Pass in 'originalSize'");
  });

  it.each([
    [1001, '1500w'],
    [1000, '1000w'],
    [751, '1000w'],
    [750, '750w'],
    [501, '750w'],
    [500, '500w'],
    [301, '500w'],
    [300, '300w'],
    [101, '300w'],
    [100, '100w'],
    [0, '100w'],
  ])('picks the thumbnail for width %i', (w, expected) => {
    expect(thumbnailForWidth(w)).toBe(expected);
  });
});

describe('image-srcset', () => {
  const url = '/foo/bar.jpg';
  it('lists width variants and adds the original as the next width up', () => {
    expect(format('image-srcset', { assetUrl: url, systemDataVariants: '1500x983,100w,1000w,1500w' })).toBe(
      ` srcset="${url}?format=100w 100w,${url}?format=1000w 1000w,${url}?format=1500w 1500w,${url}?format=original 2500w"`,
    );
  });
  it('adds nothing when the largest width is present or the last width is unknown', () => {
    expect(format('image-srcset', { assetUrl: url, systemDataVariants: '100w,2500w' })).toBe(` srcset="${url}?format=100w 100w,${url}?format=2500w 2500w"`);
    expect(format('image-srcset', { assetUrl: url, systemDataVariants: '150w,350w' })).toBe(` srcset="${url}?format=150w 150w,${url}?format=350w 350w"`);
  });
  it('leaves the value alone without variants', () => {
    const value = { assetUrl: url, systemDataVariants: '' };
    expect(format('image-srcset', value)).toBe(value);
    expect(format('image-srcset', undefined)).toBeUndefined();
  });
});
