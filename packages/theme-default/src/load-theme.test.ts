import { describe, expect, it } from 'vitest';
import { loadDefaultTheme } from './load-theme.js';
import { PAGE_TEMPLATES, THEME_PARTIALS } from './theme.js';

describe('loadDefaultTheme', () => {
  const theme = loadDefaultTheme();

  it('has every page template and partial', () => {
    expect(Object.keys(theme.templates).sort()).toEqual([...PAGE_TEMPLATES].sort());
    expect(Object.keys(theme.partials).sort()).toEqual([...THEME_PARTIALS].sort());
    for (const source of Object.values(theme.templates)) expect(source.trim().length).toBeGreaterThan(0);
  });

  it('bundles the stylesheets into one hashed site.css, with a visible focus style', () => {
    const css = theme.assets['site.css']!;
    expect(css.contentType).toBe('text/css; charset=utf-8');
    expect(css.hash).toMatch(/^[0-9a-f]{10}$/);
    const text = css.body.toString('utf8');
    expect(text).toContain(':focus-visible');
    expect(text).toContain('.product-grid');
    expect(text).toContain('@media (max-width: 640px)');
  });

  it('ships an SVG favicon', () => {
    const icon = theme.assets['favicon.svg']!;
    expect(icon.contentType).toBe('image/svg+xml');
    expect(icon.body.toString('utf8')).toMatch(/^<svg /);
  });

  it('prints owner text in templates through an escaping formatter', () => {
    for (const [name, source] of Object.entries({ ...theme.templates, ...theme.partials })) {
      const raw = source.match(/\{[a-zA-Z.@]*(title|displayName|authorName|siteTitle|text|caption|question|label)\}/g) ?? [];
      expect(raw, name).toEqual([]);
    }
  });
});
