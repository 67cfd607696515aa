import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServer, type ServerProcess } from './support/server-process.js';

/** GET through 127.0.0.1 with a site's Host header (Node's resolver does not know *.localhost here). */
function get(port: number, path: string, host = 'demo.localhost'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Strings only React DOM's development build carries. */
const DEVELOPMENT_MARKERS = ['Download the React DevTools', 'validateDOMNesting', 'act(...)'];

describe('npm start runs production builds', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    await buildServer();
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-production-'));
    server = await startServer({ compiled: true, env: { NODE_ENV: undefined, EMPORIUM_DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: '0' } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("says it runs React's production build, which the server loaded", async () => {
    for (let i = 0; i < 50 && !server.output().includes(' mode'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain("Production mode: React's production build renders the islands");
  });

  it('serves production builds of the islands', async () => {
    const home = await get(server.port, '/');
    expect(home.status).toBe(200);
    const scripts = [...home.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!).filter((src) => src.startsWith('/assets/storefront/'));
    expect(scripts.length).toBeGreaterThan(0);
    // The entry scripts and every chunk they import (React DOM lives in one of them).
    const seen = new Set<string>();
    let reactDom = false;
    while (scripts.length && seen.size < 80) {
      const src = scripts.shift()!;
      if (seen.has(src)) continue;
      seen.add(src);
      const script = await get(server.port, src);
      expect(script.status, src).toBe(200);
      for (const marker of DEVELOPMENT_MARKERS) expect(script.body.includes(marker), `${src} has ${marker}`).toBe(false);
      reactDom ||= script.body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__');
      const dir = src.slice(0, src.lastIndexOf('/') + 1);
      // Chunks are named `./x.js` in imports and `assets/x.js` in the preload lists.
      for (const m of script.body.matchAll(/["'](?:\.\/|assets\/)([A-Za-z0-9_.-]+\.js)["']/g)) scripts.push(`${dir}${m[1]}`);
    }
    expect(reactDom).toBe(true);
  });
});
