import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeHtml } from './escape';

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    ['<b>', '&lt;b&gt;'],
    ['a & b', 'a &amp; b'],
    ['&&', '&amp;&amp;'],
    ['"q"', '"q"'],
    ['x<', 'x&lt;'],
    ['é<ü>', 'é&lt;ü&gt;'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe('escapeAttribute', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    ['"q"', '&quot;q&quot;'],
    ['a<"&>b', 'a&lt;&quot;&amp;&gt;b'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeAttribute(input)).toBe(expected);
  });
});
