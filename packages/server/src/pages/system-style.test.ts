import { describe, expect, it } from 'vitest';
import { loadSystemLayer } from '@emporium/theme';
import { inlineStyleText, minifiedCss, pageBytes, systemStyle } from './system-style.js';

describe('the system stylesheet in pages (decision 0053)', () => {
  it('is minified once and keeps every rule of the source', () => {
    const source = loadSystemLayer().css;
    const min = minifiedCss(source);
    expect(min.length).toBeLessThan(source.length * 0.9);
    for (const selector of ['.header-cart__count', '.visually-hidden', '.sqs-block']) if (source.includes(selector)) expect(min).toContain(selector);
    expect(min).toContain('prefers-reduced-motion');
  });

  it('keeps CSS it cannot parse as it is', () => {
    // lightningcss refuses a stray closing brace; the page then gets the source, never nothing.
    expect(minifiedCss('a { color: red } }')).toBe('a { color: red } }');
  });

  it('cannot close its style element early, in any case', () => {
    expect(inlineStyleText('a{content:"</style><script>x</script>"} b{content:"</STYLE>"}')).toBe(
      'a{content:"<\\/style><script>x</script>"} b{content:"<\\/STYLE>"}',
    );
    const style = systemStyle('a::after{content:"</style>"}');
    expect(style.bytes.toString()).not.toMatch(/<\/style>.*<\/style>/s);
  });

  it('goes where the head marks it, once, and pages without the mark are left as they are', () => {
    const style = systemStyle('.x{color:red}');
    const html = `<!doctype html><head><title>Caf\u00e9 \u2014 Shop</title>${style.marker}<style>.theme{}</style></head><body>${style.marker}</body>`;
    const out = pageBytes(html, style).toString('utf8');
    expect(out).toBe(
      `<!doctype html><head><title>Caf\u00e9 \u2014 Shop</title><style>.x{color:red}</style><style>.theme{}</style></head><body>${style.marker}</body>`,
    );
    expect(pageBytes('<p>\u00e9</p>', style).toString('utf8')).toBe('<p>\u00e9</p>');
    expect(systemStyle('a{}').marker).not.toBe(style.marker);
  });
});
