import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { loadIslandAssets, registerIslandAssetRoute } from './island-assets.js';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dist(entryFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'islands-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  writeManifest(dir, entryFile);
  return dir;
}

function writeManifest(dir: string, entryFile: string): void {
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'src/client/main.ts': { file: entryFile, isEntry: true, css: ['assets/main.css'] } }));
}

describe('loadIslandAssets', () => {
  it('is off without a build', () => {
    const assets = loadIslandAssets(join(tmpdir(), 'no-such-storefront-dist'));
    expect(assets.enabled).toBe(false);
    expect(assets.tags()).toBe('');
    expect(assets.styles()).toBe('');
  });

  it('gives the stylesheets apart from the scripts, inlined (the page puts them in the head, before the theme sheet)', () => {
    const dir = dist('assets/main-aaa.js');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'main.css'), '.cart-pill{color:red}');
    const assets = loadIslandAssets(dir);
    expect(assets.styles()).toBe('<style>.cart-pill{color:red}</style>');
    expect(assets.tags()).not.toContain('stylesheet');
  });

  it('links the stylesheets when a file the manifest names cannot be read', () => {
    const assets = loadIslandAssets(dist('assets/main-aaa.js'));
    expect(assets.enabled).toBe(true);
    expect(assets.styles()).toBe('<link rel="stylesheet" href="/assets/storefront/assets/main.css">');
  });

  it('prints the entry script and follows a rebuild', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const dir = dist('assets/main-aaa.js');
    const assets = loadIslandAssets(dir);
    expect(assets.enabled).toBe(true);
    expect(assets.tags()).toContain('/assets/storefront/assets/main-aaa.js');
    writeManifest(dir, 'assets/main-bbb.js');
    utimesSync(join(dir, '.vite', 'manifest.json'), new Date(2_000_000), new Date(2_000_000));
    expect(assets.tags()).toContain('main-aaa.js');
    vi.setSystemTime(1_002_000);
    expect(assets.tags()).toContain('/assets/storefront/assets/main-bbb.js');
  });
});

describe('registerIslandAssetRoute', () => {
  it('serves built files immutably and nothing else', async () => {
    const dir = dist('assets/main-aaa.js');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'main-aaa.js'), 'export {};');
    const app = Fastify();
    registerIslandAssetRoute(app, dir);
    const ok = await app.inject('/assets/storefront/assets/main-aaa.js');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/javascript/);
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/assets/storefront/.vite/manifest.json',
      '/assets/storefront/assets/../.vite/manifest.json',
      '/assets/storefront/assets/%2e%2e%2f.vite%2fmanifest.json',
      '/assets/storefront/assets/missing.js',
      '/assets/storefront/assets/main-aaa.txt',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
    await app.close();
  });

  it('sends the brotli or gzip copy the build wrote when the browser accepts it, the file itself otherwise', async () => {
    const dir = dist('assets/main-aaa.js');
    mkdirSync(join(dir, 'assets'));
    const source = `export const text = '${'island '.repeat(200)}';`;
    writeFileSync(join(dir, 'assets', 'main-aaa.js'), source);
    writeFileSync(join(dir, 'assets', 'main-aaa.js.br'), brotliCompressSync(source));
    writeFileSync(join(dir, 'assets', 'main-aaa.js.gz'), gzipSync(source));
    writeFileSync(join(dir, 'assets', 'main.css'), 'body{}');
    const app = Fastify();
    registerIslandAssetRoute(app, dir);
    const get = (file: string, encoding?: string) =>
      app.inject({ url: `/assets/storefront/assets/${file}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('main-aaa.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(source);
    expect((await get('main-aaa.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    const identity = await get('main-aaa.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(source);
    const css = await get('main.css', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('body{}');
    expect((await get('main-aaa.js.br')).statusCode).toBe(404);
    await app.close();
  });
});
