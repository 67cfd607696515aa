import { describe, expect, it } from 'vitest';
import { MOTIFS, PALETTES, illustrationUrl, parseIllustrationName, renderIllustration } from './illustrations.js';

describe('illustrations', () => {
  it('names every motif and palette by URL and parses them back', () => {
    for (const motif of Object.keys(MOTIFS)) {
      for (const palette of Object.keys(PALETTES)) {
        const file = illustrationUrl(motif, palette).split('/').pop()!;
        expect(parseIllustrationName(file)).toEqual({ motif, palette });
      }
    }
  });

  it('refuses unknown or malformed names', () => {
    for (const file of [
      'shirt-neon.svg',
      'rocket-sage.svg',
      'shirt-sage.png',
      '../shirt-sage.svg',
      'shirt_sage.svg',
      'constructor-sage.svg',
      'shirt-toString.svg',
    ]) {
      expect(parseIllustrationName(file)).toBeNull();
    }
    expect(() => illustrationUrl('rocket', 'sage')).toThrow(RangeError);
  });

  it('draws a well-formed, deterministic SVG with the palette colours', () => {
    const svg = renderIllustration('mug', 'ocean');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 800"/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain(PALETTES.ocean!.main);
    expect(renderIllustration('mug', 'ocean')).toBe(svg);
    expect(renderIllustration('mug', 'clay')).not.toBe(svg);
  });
});
