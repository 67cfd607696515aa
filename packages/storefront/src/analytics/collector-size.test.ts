import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientManifest } from '../manifest.js';
import { COLLECTOR_ENTRY } from './asset-tag.js';

/** Issue 13: the collector weighs at most 6 KB gzip, everything included. */
const BUDGET_BYTES = 6 * 1024;
const PACKAGE_DIR = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'collector-size-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('analytics collector size', () => {
  it('is one self-contained chunk within 6 KB gzip in the production build', async () => {
    await build({ configFile: join(PACKAGE_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ClientManifest;
    const collector = manifest[COLLECTOR_ENTRY];
    expect(collector?.isEntry).toBe(true);
    expect(collector?.imports ?? []).toEqual([]);
    expect(collector?.dynamicImports ?? []).toEqual([]);
    const code = readFileSync(join(outDir, collector!.file));
    const gzip = gzipSync(code).length;
    console.log(`analytics collector: ${(code.length / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(2)} KB gzip (budget 6 KB)`);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  }, 60_000);
});
