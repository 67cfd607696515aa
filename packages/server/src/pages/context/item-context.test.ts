import { describe, expect, it } from 'vitest';
import { plainText } from './item-context.js';

describe('plainText', () => {
  it('strips tags, decodes common entities once and collapses space', () => {
    expect(plainText('<p>Fern &amp; Field</p>\n<p>it&rsquo;s &lt;b&gt;</p>')).toBe('Fern & Field it’s <b>');
    expect(plainText('&amp;lt;')).toBe('&lt;');
  });

  it('leaves unknown entities and prototype names alone', () => {
    expect(plainText('a &constructor; b &toString; c &bogus;')).toBe('a &constructor; b &toString; c &bogus;');
  });
});
