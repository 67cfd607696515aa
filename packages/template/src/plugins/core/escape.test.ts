import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeHtml, escapeText } from './escape.js';

describe('escapeText', () => {
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
    expect(escapeText(input)).toBe(expected);
  });
});

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    ['é', 'é'],
    [`<a href="x" title='y'>&</a>`, '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;'],
    ["it's", 'it&#39;s'],
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
