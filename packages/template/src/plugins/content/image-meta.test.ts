import { describe, expect, it } from 'vitest';
import { formatContent as format } from './test-format.js';

const img = {
  id: '560c',
  title: 'child image',
  originalSize: 1000,
  assetUrl: '/foo/bar.jpg',
  licensedAssetPreview: {},
  mediaFocalPoint: { x: 0.3, y: 0.7 },
};

describe('image-meta family', () => {
  it('describes an image with licence, focal point and title alt', () => {
    expect(format('image-meta', img)).toBe(
      'data-licensed-asset-preview="true" data-src="/foo/bar.jpg" data-image="/foo/bar.jpg" ' +
        'data-image-dimensions="1000" data-image-focal-point="0.3,0.7" alt="child image" ',
    );
  });

  it('outputs nothing for a missing image', () => {
    expect(format('image-meta', undefined)).toBe('');
    expect(format('child-image-meta', { items: [] }, ['2'])).toBe('');
  });

  it('uses the default focal point, body text without tags, then the filename', () => {
    const body = format('child-image-meta', { items: [{ body: '<b>bold</b><div><i>italics</i></div>', assetUrl: '/a' }] });
    expect(body).toContain('data-image-focal-point="0.5,0.5"');
    expect(body).toContain('alt=" bold   italics  "');
    expect(format('child-image-meta', { items: [{}, { filename: 'f.jpg' }] }, ['1'])).toContain('alt="f.jpg"');
    expect(format('child-image-meta', { items: [{ title: '', body: '', filename: '' }] })).toContain('alt=""');
  });

  it('caps body alt text at 250 characters', () => {
    const long = 'x'.repeat(300);
    expect(format('image-meta', { body: long })).toContain(`alt="${'x'.repeat(250)}"`);
  });

  it('reads the cover image and escapes attribute characters in alt text', () => {
    expect(format('cover-image-meta', { coverImage: { title: 'a "b" & <c>' } })).toContain('alt="a &quot;b&quot; &amp; &lt;c&gt;"');
  });

  it('renders the image tag with a custom class and a component key', () => {
    expect(format('image', { ...img, licensedAssetPreview: undefined, componentKey: 'baz' }, ['foo'])).toBe(
      '<noscript><img src="/foo/bar.jpg" alt="child image" /></noscript><img class="foo" data-component-key="baz" ' +
        'data-src="/foo/bar.jpg" data-image="/foo/bar.jpg" data-image-dimensions="1000" ' +
        'data-image-focal-point="0.3,0.7" alt="child image" data-load="false" data-image-id="560c" data-type="image" />',
    );
    expect(format('image', img)).toContain('<img class="thumb-image" data-licensed-asset-preview="true"');
  });

  it('takes the item alt text, even empty, inside an image block', () => {
    const withAlt = { ...img, altText: ' baz ' };
    expect(format('image', withAlt, [], [{ blockType: 5 }])).toContain('alt="baz" data-load');
    expect(format('image', { ...img, altText: '' }, [], [{ blockType: 5 }])).toContain('alt="" data-load');
    expect(format('image', withAlt, [], [{ blockType: 6 }])).toContain('alt="child image" data-load');
  });
});
