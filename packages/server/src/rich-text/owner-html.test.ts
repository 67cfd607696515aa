import { describe, expect, it } from 'vitest';
import { cleanHtmlBlocks, cleanOwnerHtml } from './index.js';

describe('owner HTML (#24)', () => {
  it.each([
    ['a script element and its text', '<p>Mug</p><script>alert(1)</script>', '<p>Mug</p>'],
    ['a script inside SVG', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['a style element', '<style>body{display:none}</style><p>Mug</p>', '<p>Mug</p>'],
    ['a style attribute', '<p style="position:fixed">Mug</p>', '<p>Mug</p>'],
    ['an event handler', '<img src="/a.jpg" onerror="alert(1)" alt="">', '<img src="/a.jpg" alt="" />'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an obfuscated javascript: link', '<a href="&#106;ava&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', '<img alt="d" />'],
    [
      'a javascript: srcset candidate',
      '<img src="/a.jpg" srcset="javascript:alert(1) 1x, /b.jpg 2x" alt="">',
      '<img src="/a.jpg" srcset="/b.jpg 2x" alt="" />',
    ],
    ['an iframe', '<iframe src="https://example.com"></iframe><p>x</p>', '<p>x</p>'],
    ['object and embed', '<object data="/x.swf"></object><embed src="/x.swf"><p>x</p>', '<p>x</p>'],
    ['a form and its inputs', '<form action="/api/owner/owners"><input name="email"><button>Go</button></form><p>x</p>', '<p>x</p>'],
    ['ids and names that could clobber globals', '<a id="crumb" name="crumb" href="/a">a</a>', '<a href="/a">a</a>'],
  ])('removes %s', (_what, dirty, clean) => {
    expect(cleanOwnerHtml(dirty)).toBe(clean);
  });

  it('keeps ordinary formatting, links, images and tables', () => {
    const html =
      '<h2>Care</h2><p>A <strong>stoneware</strong> mug, <em>hand-thrown</em>, <b>b</b> <i>i</i> <u>u</u> <s>s</s><br />new line</p>' +
      '<ul><li>one</li></ul><ol start="2"><li>two</li></ol><blockquote>q</blockquote><pre><code>x = 1</code></pre>' +
      '<p><a href="https://example.com/studio" title="Studio">studio</a> <a href="/shop">shop</a> <a href="mailto:a@example.com">mail</a></p>' +
      '<figure><img src="/api/media/s/a-800.webp" srcset="/api/media/s/a-400.webp 400w, /api/media/s/a-800.webp 800w" alt="Mug" width="800" height="800" loading="lazy" /><figcaption>The mug</figcaption></figure>' +
      '<table><thead><tr><th scope="col">Size</th></tr></thead><tbody><tr><td colspan="2">350 ml</td></tr></tbody></table>' +
      '<div class="note"><span class="accent">Note</span></div>';
    expect(cleanOwnerHtml(html)).toBe(html);
  });

  it('makes a link that opens a new window unable to reach back into the page', () => {
    expect(cleanOwnerHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('gives clean HTML back unchanged, and plain text as it is', () => {
    const once = cleanOwnerHtml('<p>a & b <img src="x" onerror="y"></p><script>z</script>');
    expect(cleanOwnerHtml(once)).toBe(once);
    expect(cleanOwnerHtml('Tom & Jerry > "cats"')).toBe('Tom & Jerry > "cats"');
  });

  it('cleans the html of HTML blocks and leaves other blocks alone', () => {
    const hero = { typeName: 'hero', title: '<script>kept as text; escaped by the theme</script>' };
    expect(cleanHtmlBlocks([hero, { typeName: 'html', html: '<p onclick="x()">Hi</p><script>1</script>' }])).toEqual([
      hero,
      { typeName: 'html', html: '<p>Hi</p>' },
    ]);
    expect(cleanHtmlBlocks(undefined)).toBeUndefined();
  });
});
