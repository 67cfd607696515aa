import { describe, expect, it } from 'vitest';
import { ColorMessages, parseHexColor } from './colors.js';
import { formatContent as format } from './test-format.js';

describe('color-weight', () => {
  it.each([
    ['#fff', 'light'],
    ['#aaa', 'light'],
    ['#888', 'light'],
    ['#444', 'dark'],
    ['#222', 'dark'],
    ['000', 'dark'],
    ['#808080', 'light'],
    ['#7fffff', 'dark'],
  ])('%s is %s', (hex, weight) => {
    expect(format('color-weight', hex)).toBe(weight);
  });
  it('gives a missing value for anything but 3 or 6 hex digits', () => {
    expect(format('color-weight', '#ffff')).toBeUndefined();
    expect(format('color-weight', 'zzz')).toBeUndefined();
    expect(format('color-weight', 12)).toBeUndefined();
    expect(parseHexColor('#abc')).toBe(0xaabbcc);
  });
});

describe('website-color', () => {
  it('formats hsl and hsla with two decimals at most', () => {
    expect(format('website-color', { hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 })).toBe('hsla(200, 30%, 50%, 0.9)');
    expect(format('website-color', { hue: 110, saturation: 0.9, lightness: 1 })).toBe('hsl(110, 90%, 100%)');
    expect(format('website-color', { hue: 0.956, saturation: 0.9554, lightness: 0.9567, alpha: 0.555 })).toBe('hsla(0.96, 95.54%, 95.67%, 0.56)');
  });
  it('reports missing and out-of-bounds values with the spec messages', () => {
    expect(format('website-color', { saturation: 0.9, lightness: 1 })).toBe('Missing an H/S/L value.');
    expect(format('website-color', { hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
    expect(format('website-color', { hue: -1, saturation: 0, lightness: 0 })).toBe(`${ColorMessages.HUE} `);
    expect(format('website-color', { hue: 1, saturation: 0, lightness: 2, alpha: 0 })).toBe('Lightness out of bounds. ');
  });
});

describe('image-color', () => {
  const colorData = {
    topLeftAverage: '111',
    topRightAverage: '222',
    bottomLeftAverage: '333',
    bottomRightAverage: '444',
    centerAverage: '555',
  };
  it('prints one position, optionally as a CSS property', () => {
    expect(format('image-color', { colorData }, ['topLeft', 'foo'])).toBe('foo: #111');
    expect(format('image-color', { colorData }, ['center'])).toBe('#555');
    expect(format('image-color', { colorData: { fooAverage: '1' } }, ['topLeft'])).toBe('"topLeft" not found.');
  });
  it('prints all positions as data attributes', () => {
    expect(format('image-color', { colorData })).toBe(
      'data-color-topLeft="#111" data-color-topRight="#222" data-color-bottomLeft="#333" ' + 'data-color-bottomRight="#444" data-color-center="#555" ',
    );
  });
  it('is missing without colour data', () => {
    expect(format('image-color', { other: {} })).toBeUndefined();
  });
});
