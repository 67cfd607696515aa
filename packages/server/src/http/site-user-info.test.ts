import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../test-support/test-app.js';
import fastifyCookie from '@fastify/cookie';
import { clearSiteUserInfo, formatSiteUserInfo, parseSiteUserInfo, writeSiteUserInfo } from './site-user-info.js';

describe('parseSiteUserInfo', () => {
  it.each([
    [undefined, { authenticated: false, siteUserId: null }],
    ['', { authenticated: false, siteUserId: null }],
    ['not json', { authenticated: false, siteUserId: null }],
    ['[]', { authenticated: false, siteUserId: null }],
    ['{"authenticated":true,"siteUserId":"u1"}', { authenticated: true, siteUserId: 'u1' }],
    ['{"authenticated":"true","siteUserId":"u1"}', { authenticated: false, siteUserId: 'u1' }],
    ['{"authenticated":true}', { authenticated: false, siteUserId: null }],
    ['{"authenticated":true,"siteUserId":"<b>"}', { authenticated: false, siteUserId: null }],
    ['{"authenticated":true,"siteUserId":"u1","__proto__":{"x":1}}', { authenticated: true, siteUserId: 'u1' }],
  ])('%j', (value, expected) => {
    expect(parseSiteUserInfo(value)).toEqual(expected);
  });

  it('round-trips through the cookie format', () => {
    const info = { authenticated: true, siteUserId: 'abc123' };
    expect(parseSiteUserInfo(formatSiteUserInfo(info))).toEqual(info);
  });
});

describe('SiteUserInfo cookie in the app', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/me', async (request) => request.siteUserInfo);
        app.get('/api/test/sign-in', async (_request, reply) => {
          writeSiteUserInfo(reply, { authenticated: true, siteUserId: 'user42' }, { secure: false, maxAge: 3600 });
          return { ok: true };
        });
        app.get('/api/test/sign-out', async (_request, reply) => {
          clearSiteUserInfo(reply, { secure: false });
          return { ok: true };
        });
      },
    });
    host = t.hostOf(await t.createSite({ identifier: 'users', title: 'Users' }));
  });
  afterAll(() => t.close());

  it('tells visitors from signed-in site users', async () => {
    const visitor = await t.app.inject({ url: '/api/test/me', headers: { host } });
    expect(visitor.json()).toEqual({ authenticated: false, siteUserId: null });
    const signIn = await t.app.inject({ url: '/api/test/sign-in', headers: { host } });
    const value = cookieFrom(signIn, 'SiteUserInfo')!;
    expect(String(signIn.headers['set-cookie'])).toContain('Max-Age=3600');
    const cookie = fastifyCookie.serialize('SiteUserInfo', value).split(';')[0]!;
    const member = await t.app.inject({ url: '/api/test/me', headers: { host, cookie } });
    expect(member.json()).toEqual({ authenticated: true, siteUserId: 'user42' });
    const signOut = await t.app.inject({ url: '/api/test/sign-out', headers: { host, cookie } });
    const cleared = String(signOut.headers['set-cookie']).split('; ');
    expect(cleared[0]).toBe('SiteUserInfo=');
    expect(cleared).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=0']));
  });
});
