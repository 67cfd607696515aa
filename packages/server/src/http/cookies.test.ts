import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.js';

describe('parseCookies', () => {
  it.each([
    [undefined, {}],
    ['', {}],
    ['crumb=abc', { crumb: 'abc' }],
    ['a=1; b=2;c=3', { a: '1', b: '2', c: '3' }],
    ['a=1; a=2', { a: '1' }],
    ['q="quoted value"', { q: 'quoted value' }],
    ['SiteUserInfo=%7B%22authenticated%22%3Atrue%7D', { SiteUserInfo: '{"authenticated":true}' }],
    ['bad=%E0%A4%A', { bad: '%E0%A4%A' }],
    ['novalue; =empty; ok=1', { ok: '1' }],
    ['sp ace=1; ok=2', { ok: '2' }],
  ] as const)('%j', (header, expected) => {
    expect({ ...parseCookies(header) }).toEqual(expected);
  });

  it('returns a prototype-free map, so __proto__ is an ordinary key', () => {
    const cookies = parseCookies('__proto__=x; constructor=y');
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(cookies.__proto__).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads at most 100 cookies', () => {
    const header = Array.from({ length: 150 }, (_, i) => `c${i}=${i}`).join('; ');
    expect(Object.keys(parseCookies(header))).toHaveLength(100);
  });
});

describe('serializeCookie', () => {
  it('writes attributes in a fixed order', () => {
    expect(serializeCookie('crumb', 'abc', { sameSite: 'Lax' })).toBe('crumb=abc; Path=/; SameSite=Lax');
    expect(serializeCookie('s', 'v', { httpOnly: true, secure: true, maxAge: 60, path: '/x', domain: 'example.com' })).toBe(
      's=v; Path=/x; Domain=example.com; Max-Age=60; HttpOnly; Secure',
    );
    expect(serializeCookie('s', 'v', { sameSite: 'None' })).toBe('s=v; Path=/; Secure; SameSite=None');
  });

  it('percent-encodes values that are not cookie-safe and round-trips them', () => {
    const value = '{"authenticated":true,"siteUserId":"u 1;"}';
    const header = serializeCookie('SiteUserInfo', value);
    expect(header).not.toContain(';"');
    const pair = header.split('; ')[0]!;
    expect(parseCookies(pair).SiteUserInfo).toBe(value);
  });

  it('refuses bad names, domains and max-age', () => {
    expect(() => serializeCookie('a b', 'v')).toThrow(TypeError);
    expect(() => serializeCookie('a', 'v', { domain: 'x;y' })).toThrow(TypeError);
    expect(() => serializeCookie('a', 'v', { maxAge: 1.5 })).toThrow(TypeError);
  });
});
