import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { formatCsp, mergeCsp, newCspNonce } from './security-headers.js';

describe('security headers', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp({
      csp: { 'script-src': ['https://js.example.com'] },
      setup: (app) => {
        app.get('/test/page', async (request, reply) =>
          reply.type('text/html; charset=utf-8').send(`<script nonce="${request.cspNonce}">1</script>`),
        );
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
      .split('; ')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' https://js.example.com 'nonce-${nonceA}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
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
