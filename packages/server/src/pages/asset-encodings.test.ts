import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSchemaCompilers } from '../http/schemas.js';
import { encodedBodies, isCompressible, preferredEncoding } from './asset-encodings.js';
import { registerAssetRoutes } from './asset-routes.js';
import { THEME_ASSET_PREFIX } from './theme-renderer.js';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
  ] as const)('%j gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it.each([
    ['text/css; charset=utf-8', 5000, true],
    ['image/svg+xml', 2048, true],
    ['text/javascript', 1023, false],
    ['image/png', 50_000, false],
  ] as const)('%s of %i bytes: %s', (type, bytes, expected) => {
    expect(isCompressible(type, bytes)).toBe(expected);
  });
});

describe('encodedBodies', () => {
  it('compresses each body once per coding', () => {
    const encode = encodedBodies();
    const body = Buffer.from('a'.repeat(5000));
    const first = encode('k', body, 'br');
    expect(encode('k', Buffer.from('other'), 'br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(body.toString());
    expect(gunzipSync(encode('k', body, 'gzip')).toString()).toBe(body.toString());
  });
});

describe('theme assets', () => {
  const css = Buffer.from(`body { color: #222; }\n${'.block { margin: 0 auto; padding: 1rem; }\n'.repeat(100)}`);
  const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
  const assets = new Map([
    ['site.abc123.css', { name: 'site.css', contentType: 'text/css; charset=utf-8', body: css, hash: 'abc123' }],
    ['icon.def456.svg', { name: 'icon.svg', contentType: 'image/svg+xml', body: icon, hash: 'def456' }],
  ]);

  it('are sent brotli- or gzip-compressed when accepted, with an ETag per coding; small ones as they are', async () => {
    const app = Fastify();
    registerSchemaCompilers(app);
    registerAssetRoutes(app, { system: assets, themeAsset: async () => undefined });
    const get = (file: string, headers: Record<string, string> = {}) => app.inject({ url: `${THEME_ASSET_PREFIX}${file}`, headers });
    try {
      const br = await get('site.abc123.css', { 'accept-encoding': 'gzip, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(br.headers.etag).toBe('"abc123-br"');
      expect(br.rawPayload.length).toBeLessThan(css.length / 5);
      expect(brotliDecompressSync(br.rawPayload).equals(css)).toBe(true);
      expect((await get('site.abc123.css', { 'accept-encoding': 'gzip, br', 'if-none-match': '"abc123-br"' })).statusCode).toBe(304);
      const gzip = await get('site.abc123.css', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(css)).toBe(true);
      const plain = await get('site.abc123.css');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.etag).toBe('"abc123"');
      expect(plain.rawPayload.equals(css)).toBe(true);
      const small = await get('icon.def456.svg', { 'accept-encoding': 'br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary).toBeUndefined();
      expect(small.body).toBe(icon.toString());
    } finally {
      await app.close();
    }
  });
});
