import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  formatCsp,
  mergeCsp,
  newCspNonce,
  registerSecurityHeaders,
  securityHeaders,
  sendsStrictTransportSecurity,
  SITE_SCRIPT_PATHS,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.js';
import { STOREFRONT_ASSET_BASE } from '@emporium/storefront';
import { THEME_ASSET_PREFIX } from '../pages/theme-renderer.js';

describe('security headers', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp({
      csp: { 'script-src': ['https://js.example.com'] },
      setup: (app) => {
        app.get('/test/page', async (request, reply) => reply.type('text/html; charset=utf-8').send(`<script nonce="${request.cspNonce}">1</script>`));
        app.get('/api/test/json', async () => ({ ok: true }));
      },
    });
    host = t.hostOf(await t.createSite({ identifier: 'headers', title: 'Headers' }));
  });
  afterAll(() => t.close());

  it.each([
    ['an HTML page', '/test/page', 'headers.localhost'],
    ['a JSON API response', '/api/test/json', 'headers.localhost'],
    ['a 404 page', '/missing', 'headers.localhost'],
    ['the site listing', '/', 'localhost:3000'],
    ['an unknown host', '/', 'unknown.localhost'],
  ])('are sent on %s', async (_name, url, requestHost) => {
    const response = await t.app.inject({ url, headers: { host: requestHost } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it('allows inline scripts only with the per-response nonce, plus configured hosts', async () => {
    const a = await t.app.inject({ url: '/test/page', headers: { host } });
    const b = await t.app.inject({ url: '/test/page', headers: { host } });
    const nonceA = /nonce="([^"]+)"/.exec(a.body)![1]!;
    const nonceB = /nonce="([^"]+)"/.exec(b.body)![1]!;
    expect(nonceA).not.toBe(nonceB);
    const scriptSrc = String(a.headers['content-security-policy'])
      .split(/;\s*/)
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(
      `script-src ${host}/assets/storefront/assets/ ${host}/static/theme/ ${host}/assets/scripts/ https://js.example.com 'nonce-${nonceA}'`,
    );
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('#24: on a site, scripts may come only from the islands bundle and the theme assets of its origin, never from /api/', async () => {
    for (const url of ['/test/page', '/api/test/json', '/missing']) {
      const response = await t.app.inject({ url, headers: { host } });
      const scriptSources = String(response.headers['content-security-policy'])
        .split(/;\s*/)
        .find((d) => d.startsWith('script-src '))!
        .split(' ')
        .slice(1);
      expect(scriptSources).not.toContain("'self'");
      expect(scriptSources).not.toContain('*');
      const paths = scriptSources.filter((source) => source.startsWith(`${host}/`)).map((source) => source.slice(host.length));
      expect(paths).toEqual(['/assets/storefront/assets/', '/static/theme/', '/assets/scripts/']);
      for (const path of paths) expect('/api/commerce/downloads/TOKEN'.startsWith(path)).toBe(false);
    }
    // The site listing and unknown hosts render no owner HTML and keep 'self'.
    const listing = await t.app.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect(String(listing.headers['content-security-policy'])).toMatch(/script-src 'self' https:\/\/js\.example\.com 'nonce-/);
  });

  it('#24: the site script paths are the ones the islands bundle, the system assets and the theme scripts are served under', () => {
    expect(SITE_SCRIPT_PATHS).toEqual([`${STOREFRONT_ASSET_BASE}assets/`, THEME_ASSET_PREFIX, '/assets/scripts/']);
  });

  it("#24: a Host header that cannot stand in a host-source gives the baseline 'self' policy", () => {
    const headers = securityHeaders();
    expect(headers.policy('N', 'shop.example.com:8443')).toContain(
      "script-src shop.example.com:8443/assets/storefront/assets/ shop.example.com:8443/static/theme/ shop.example.com:8443/assets/scripts/ 'nonce-N'",
    );
    for (const host of ['[::1]:3000', "evil.com 'unsafe-inline'", 'a.com;script-src *', '']) {
      expect(headers.policy('N', host)).toContain("script-src 'self' 'nonce-N'");
    }
  });
});

describe('security headers rendered once', () => {
  const EXPECTED = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'permissions-policy',
    'referrer-policy',
    'x-content-type-options',
    'x-frame-options',
  ];
  const securityHeaderNames = (headers: Record<string, unknown>) =>
    Object.keys(headers)
      .filter((name) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name))
      .sort();

  it('are exactly our six headers, none of the other headers helmet would add by default', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    try {
      const response = await app.inject({ url: '/' });
      expect(securityHeaderNames(response.headers)).toEqual(EXPECTED);
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('are also sent when a hook that runs earlier refuses the request', async () => {
    const app = Fastify();
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/refused') return reply.code(400).send('refused');
    });
    registerSecurityHeaders(app);
    app.get('/refused', async () => 'never');
    try {
      const response = await app.inject({ url: '/refused' });
      expect(response.statusCode).toBe(400);
      expect(securityHeaderNames(response.headers)).toEqual(EXPECTED);
      expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    } finally {
      await app.close();
    }
  });

  it('leave a header the route set alone', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/', async (_request, reply) => reply.header('x-frame-options', 'DENY').header('content-security-policy', "default-src 'none'").send('ok'));
    try {
      const response = await app.inject({ url: '/' });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    } finally {
      await app.close();
    }
  });
});

describe('mergeCsp / formatCsp', () => {
  it('adds sources without duplicates and new directives', () => {
    const merged = mergeCsp({ 'connect-src': ["'self'", 'https://api.example.com'], 'worker-src': ["'self'"] });
    expect(merged['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(formatCsp(merged, 'N')).toContain("worker-src 'self'");
  });
});

describe('newCspNonce', () => {
  it('gives 16 random bytes in base64, never the same twice across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, () => newCspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('Strict-Transport-Security and Secure cookies', () => {
  const setCookies = (header: string | string[] | number | undefined) => (Array.isArray(header) ? header : header ? [String(header)] : []);

  it.each([
    ['http', 'http://localhost:3000', false],
    ['https', 'http://localhost:3000', true],
    ['http', 'https://localhost', true],
    ['https', 'https://localhost', true],
    ['http', undefined, false],
  ] as const)('a %s request with public URL %s: HSTS %s', (protocol, publicUrl, expected) => {
    expect(sendsStrictTransportSecurity(protocol, publicUrl)).toBe(expected);
  });

  it('are not sent over plain http when the public URL is http (the default)', async () => {
    const t = await createTestApp();
    try {
      const site = await t.createSite({ identifier: 'plain', title: 'Plain' });
      const page = await t.app.inject({ url: '/', headers: { host: t.hostOf(site), accept: 'text/html' } });
      expect(page.headers['strict-transport-security']).toBeUndefined();
      const crumb = setCookies(page.headers['set-cookie']).find((c) => c.startsWith('crumb='));
      expect(crumb).toBeDefined();
      expect(crumb).not.toMatch(/;\s*Secure/i);
      expect((await t.app.inject({ url: '/', headers: { host: 'localhost:3000' } })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('are sent on every response, with Secure cookies, when the public URL is https', async () => {
    const t = await createTestApp({ config: { publicUrl: 'https://localhost' } });
    try {
      const site = await t.createSite({ identifier: 'tls', title: 'TLS' });
      const page = await t.app.inject({ url: '/', headers: { host: t.hostOf(site), accept: 'text/html' } });
      expect(page.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
      expect(cookieFrom(page, 'crumb')).toBeDefined();
      expect(setCookies(page.headers['set-cookie']).find((c) => c.startsWith('crumb='))).toMatch(/;\s*Secure/i);
      for (const host of ['localhost', 'unknown.localhost']) {
        expect((await t.app.inject({ url: '/', headers: { host } })).headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      }
    } finally {
      await t.close();
    }
  });

  it('are sent on responses to requests that came over HTTPS (through a trusted proxy), not on plain http ones', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app, { publicUrl: 'http://localhost:3000' });
    app.get('/', async () => 'ok');
    try {
      const secure = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      const plain = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
