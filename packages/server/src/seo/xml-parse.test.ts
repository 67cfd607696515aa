import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from './xml-parse.js';
import { escapeXml } from './xml.js';

describe('parseXml (test oracle for generated XML)', () => {
  it('parses elements, attributes and decoded text', () => {
    const root = parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1 &amp; 2"><b>T &lt;i&gt; &#38; &#x41;</b><c/></a>');
    expect(root.attributes.x).toBe('1 & 2');
    expect(findAll(root, 'b')[0]!.text).toBe('T <i> & A');
    expect(findAll(root, 'c')).toHaveLength(1);
  });

  it.each([
    ['mismatched tags', '<a><b></a></b>'],
    ['stray ampersand', '<a>fish & chips</a>'],
    ['unquoted attribute', '<a x=1></a>'],
    ['raw < in an attribute', '<a x="<"></a>'],
    ['two roots', '<a/><b/>'],
    ['unclosed', '<a><b></b>'],
    ['text outside root', 'hi<a/>'],
  ])('rejects %s', (_name, xml) => expect(() => parseXml(xml)).toThrow(SyntaxError));
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\uFFFF`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(parseXml(`<t>${escapeXml('<&>"\'\u0007')}</t>`).text).toBe('<&>"\'');
  });
});
