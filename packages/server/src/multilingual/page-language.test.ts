import { describe, expect, it } from 'vitest';
import { buildRobotsTxt } from '../seo/index.js';
import { MultilingualMessages as M } from './messages.js';
import { readLanguageCode } from './language-codes.js';
import { languageAlternates, languageOfPath, pathInLanguage, renderAlternateLinks } from './page-language.js';
import { siteLanguagesOf } from './site-languages.js';

const settings = {
  locale: 'en-US',
  languages: {
    version: 2,
    primary: 'en-US',
    list: [
      { code: 'en-US', published: true },
      { code: 'fr', published: true },
      { code: 'pt-BR', published: true },
      { code: 'it', published: false },
    ],
  },
};

/** BCP 47 codes as owners type them (decision 0044): canonical, or refused with the spec'd message. */
describe('language codes', () => {
  it.each([
    ['EN-us', 'en-US'],
    ['fr', 'fr'],
    ['pt-br', 'pt-BR'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['iw', 'he'],
    [' de-CH ', 'de-CH'],
  ])('reads %s as %s', (input, code) => {
    expect(readLanguageCode(input)).toEqual({ ok: true, code });
  });

  it.each([
    ['fr_FR', M.NOT_A_CODE('fr_FR')],
    ['x-klingon', M.NOT_A_CODE('x-klingon')],
    ['', M.NOT_A_CODE('')],
    ['und', M.UNKNOWN_LANGUAGE('und')],
    ['qq', M.UNKNOWN_LANGUAGE('qq')],
    ['en-u-ca-buddhist', M.WITH_EXTENSIONS('en-u-ca-buddhist', 'en')],
  ])('refuses %j', (input, message) => {
    expect(readLanguageCode(input)).toEqual({ ok: false, message });
  });
});

/** The visitor's language comes from the URL only: the primary at /, the others under their prefix. */
describe('the language of a path', () => {
  it.each([
    ['/', 'en-US', '/'],
    ['/shop', 'en-US', '/shop'],
    ['/fr', 'fr', '/'],
    ['/fr/', 'fr', '/'],
    ['/fr/shop/apron', 'fr', '/shop/apron'],
    ['/pt-br/shop', 'pt-BR', '/shop'],
    ['/french', 'en-US', '/french'],
    ['/FR/shop', 'en-US', '/FR/shop'],
  ])('%s is in %s at %s', (path, code, rest) => {
    const located = languageOfPath(settings, path);
    expect(located.kind === 'page' && { code: located.language.code, path: located.path }).toEqual({ code, path: rest });
  });

  it.each(['/it', '/it/', '/it/shop'])('%s is under a hidden language', (path) => {
    expect(languageOfPath(settings, path)).toEqual({ kind: 'hidden' });
  });

  it('reads a site without saved languages as the one language of its locale', () => {
    const located = languageOfPath({ locale: 'en-GB' }, '/fr/shop');
    expect(located.kind === 'page' && [located.language.code, located.path]).toEqual(['en-GB', '/fr/shop']);
    expect(siteLanguagesOf({ locale: 'en-GB' })).toMatchObject({ connected: false, version: 0, primary: { code: 'en-GB', prefix: '' } });
  });

  it('skips stored entries that are not valid codes, and falls back to the locale for a primary not among them', () => {
    const languages = siteLanguagesOf({
      locale: 'de-DE',
      languages: { version: 1, primary: 'zz-broken', list: [{ code: 'fr', published: true }, { code: 'fr_FR' }, 'x'] },
    } as never);
    expect(languages.all.map((l) => `${l.code}${l.prefix}`)).toEqual(['de-DE', 'fr/fr']);
  });
});

describe('alternates', () => {
  it('lists every published language and x-default at the primary, the same on every page', () => {
    const located = languageOfPath(settings, '/fr/shop');
    if (located.kind !== 'page') throw new Error('not a page');
    expect(renderAlternateLinks('https://shop.example', located.language, located.path).split('\n')).toEqual([
      '<link rel="alternate" hreflang="en-US" href="https://shop.example/shop">',
      '<link rel="alternate" hreflang="fr" href="https://shop.example/fr/shop">',
      '<link rel="alternate" hreflang="pt-BR" href="https://shop.example/pt-br/shop">',
      '<link rel="alternate" hreflang="x-default" href="https://shop.example/shop">',
    ]);
    expect(pathInLanguage('/fr', '/')).toBe('/fr/');
    expect(pathInLanguage('', '/shop')).toBe('/shop');
  });

  it('prints none on a site with one published language', () => {
    const located = languageOfPath({ locale: 'en-US' }, '/shop');
    if (located.kind !== 'page') throw new Error('not a page');
    expect(renderAlternateLinks('https://shop.example', located.language, '/shop')).toBe('');
  });

  it("asks crawlers to skip the cart, checkout and search under every published language's prefix", () => {
    const robots = buildRobotsTxt('https://shop.example', languageAlternates(siteLanguagesOf(settings)));
    for (const path of ['/cart', '/fr/cart', '/pt-br/checkout', '/fr/search', '/api/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toContain('/it/');
    expect(robots).not.toContain('/fr/api/');
  });
});
