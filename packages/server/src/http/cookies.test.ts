import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies, setCookie, type CookieOptions } from './cookies.js';
import { registerInputGuard } from './input-guard.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerCookies(app);
  registerInputGuard(app);
  app.get('/echo', async (request) => ({ cookies: { ...request.cookies }, inherits: 'toString' in request.cookies || 'hasOwnProperty' in request.cookies }));
  app.post<{ Body: { name: string; value: string; options: CookieOptions } }>('/set', async (request, reply) => {
    setCookie(reply, request.body.name, request.body.value, request.body.options);
    return { ok: true };
  });
  app.get('/two', async (_request, reply) => {
    setCookie(reply, 'a', '1', { sameSite: 'Lax' });
    setCookie(reply, 'b', '2', { sameSite: 'Lax' });
    return { ok: true };
  });
  await app.ready();
});

afterAll(() => app.close());

async function cookiesOf(header: string | undefined): Promise<Record<string, string>> {
  const response = await app.inject({ url: '/echo', headers: header === undefined ? {} : { cookie: header } });
  return response.json().cookies;
}

async function setCookieHeader(name: string, value: string, options: CookieOptions = {}): Promise<{ status: number; header: string }> {
  const response = await app.inject({ method: 'POST', url: '/set', payload: { name, value, options } });
  return { status: response.statusCode, header: String(response.headers['set-cookie'] ?? '') };
}

/** The attributes of a Set-Cookie value, in any order. */
function attributesOf(header: string): string[] {
  return header.split('; ').slice(1).sort();
}

describe('request.cookies', () => {
  it.each([
    [undefined, {}],
    ['', {}],
    ['crumb=abc', { crumb: 'abc' }],
    ['a=1; b=2;c=3', { a: '1', b: '2', c: '3' }],
    ['a=1; a=2', { a: '1' }],
    ['SiteUserInfo=%7B%22authenticated%22%3Atrue%7D', { SiteUserInfo: '{"authenticated":true}' }],
    ['bad=%E0%A4%A', { bad: '%E0%A4%A' }],
    ['novalue; ok=1', { ok: '1' }],
  ] as const)('%j', async (header, expected) => {
    expect(await cookiesOf(header)).toEqual(expected);
  });

  it('is a prototype-free map, so __proto__ is an ordinary key', async () => {
    const response = await app.inject({ url: '/echo', headers: { cookie: '__proto__=x; constructor=y' } });
    expect(response.json()).toEqual({ cookies: { ['__proto__']: 'x', constructor: 'y' }, inherits: false });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('treats a cookie holding a NUL or a lone surrogate as absent and keeps the others', async () => {
    expect(await cookiesOf('nul=a%00b; ok=1')).toEqual({ ok: '1' });
    expect(await cookiesOf('lone=a\uD800b; pair=%F0%9F%98%80; ok=2')).toEqual({ pair: '😀', ok: '2' });
  });
});

describe('setCookie', () => {
  it.each([
    ['crumb', 'abc', { sameSite: 'Lax' }, 'crumb=abc', ['Path=/', 'SameSite=Lax']],
    [
      's',
      'v',
      { httpOnly: true, secure: true, maxAge: 60, path: '/x', domain: 'example.com' },
      's=v',
      ['Domain=example.com', 'HttpOnly', 'Max-Age=60', 'Path=/x', 'Secure'],
    ],
    ['s', 'v', { sameSite: 'None' }, 's=v', ['Path=/', 'SameSite=None', 'Secure']],
    ['owner', 't', { httpOnly: true, sameSite: 'Strict', maxAge: 0 }, 'owner=t', ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Strict']],
  ] as const)('%s=%s %j', async (name, value, options, pair, attributes) => {
    const { status, header } = await setCookieHeader(name, value, options);
    expect(status).toBe(200);
    expect(header.split('; ')[0]).toBe(pair);
    expect(attributesOf(header)).toEqual([...attributes].sort());
  });

  it('percent-encodes values that are not cookie-safe and the parser reads them back', async () => {
    const value = '{"authenticated":true,"siteUserId":"u 1;"}';
    const { header } = await setCookieHeader('SiteUserInfo', value);
    const pair = header.split('; ')[0]!;
    expect(pair).not.toMatch(/[";\s]/);
    expect(await cookiesOf(pair)).toEqual({ SiteUserInfo: value });
  });

  it('keeps every cookie set on one reply', async () => {
    const response = await app.inject({ url: '/two' });
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/; SameSite=Lax', 'b=2; Path=/; SameSite=Lax']);
  });

  it.each([
    ['a b', 'v', {}],
    ['a', 'v', { domain: 'x;y' }],
    ['a', 'v', { maxAge: 1.5 }],
  ] as const)('refuses name %j with %j: no cookie is sent', async (name, value, options) => {
    const { status, header } = await setCookieHeader(name, value, options);
    expect(status).toBe(500);
    expect(header).toBe('');
  });
});
