/** The engine entry must bundle for browsers: no Node built-ins reachable from `src/index.ts`. */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('browser bundle', () => {
  it('bundles src/index.ts for the browser without Node built-ins', async () => {
    const result = await build({
      entryPoints: [join(import.meta.dirname, 'index.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      external: ['@phensley/*'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/from\s*["']node:|require\(["'](fs|path|module|node:)/);
    expect(gzipSync(code).length).toBeLessThan(60_000);
  });
});
