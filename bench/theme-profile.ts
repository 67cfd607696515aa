import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readThemeDir } from '@emporium/theme';
import { buildApp } from '../packages/server/src/app.js';
import { closeDatabase, openDatabase } from '../packages/server/src/db/index.js';
import { createTemplateEngine } from '../packages/server/src/pages/index.js';
import { seedDemo } from '../packages/server/src/seed/index.js';
import { builtInThemeDirs, SiteStyles, ThemeRegistry } from '../packages/server/src/themes/index.js';
import { median } from './load/stats.js';

const USAGE = `Usage: npx tsx bench/theme-profile.ts [--requests N]

Measures the theme pipeline in-process on PGlite: compiling each built-in theme, compiling the
default theme's LESS with a site's tweak values (cold: a new cache each time; cached: the same
values again), the first and the following uncached renders of a product page, and the memory
one more installed theme takes (heap after a full collection, per compiled copy).`;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) return void console.log(USAGE);
  const at = argv.indexOf('--requests');
  const requests = at >= 0 ? Number(argv[at + 1]) : 30;

  console.log('\n## theme-profile (PGlite, medians)\n');
  const dirs = builtInThemeDirs();
  const dataDir = await mkdtemp(join(tmpdir(), 'emporium-theme-profile-'));
  const db = await openDatabase({ dataDir });
  try {
    await seedDemo(db);
    const engine = createTemplateEngine();
    console.log('| theme | files | compile ms (read, expand, compile every template) |');
    console.log('|---|---:|---:|');
    for (const [id, dir] of Object.entries(dirs)) {
      const runs: number[] = [];
      let files = 0;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const registry = new ThemeRegistry(engine, db, { default: dirs.default!, [id]: dir });
        runs.push(performance.now() - t0);
        files = registry.builtInThemes().find((t) => t.id === id)!.compiled.source.textFiles.size;
      }
      console.log(`| ${id} | ${files} | ${median(runs).toFixed(1)} |`);
    }

    const registry = new ThemeRegistry(engine, db, dirs);
    const theme = registry.defaultTheme;
    const values = { accentColor: '#7a2e8c', baseFontSize: '18px', 'color-theme': 'Dark' };
    const cold: number[] = [];
    for (let i = 0; i < 10; i++) {
      const styles = new SiteStyles();
      const t0 = performance.now();
      await styles.styleOf(theme, { ...values, cornerRadius: `${i}px` });
      cold.push(performance.now() - t0);
    }
    const styles = new SiteStyles();
    const first = await styles.styleOf(theme, values);
    const cached: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      await styles.styleOf(theme, values);
      cached.push(performance.now() - t0);
    }
    console.log(
      `\nDefault theme LESS with tweak values: cold ${median(cold).toFixed(1)} ms, cached ${(median(cached) * 1000).toFixed(1)} µs; ${first.css.length} bytes of CSS.`,
    );

    const app = await buildApp({ db, config: { logLevel: 'silent', redisUrl: undefined }, themes: registry });
    const host = 'demo.localhost';
    const product = '/shop/linen-camp-shirt';
    const t0 = performance.now();
    const firstPage = await app.inject({ url: product, headers: { host, accept: 'text/html' } });
    const firstMs = performance.now() - t0;
    const renders: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t1 = performance.now();
      const res = await app.inject({ url: `${product}?v=${i}`, headers: { host, accept: 'text/html' } });
      renders.push(performance.now() - t1);
      if (res.statusCode !== 200) throw new Error(`product page: HTTP ${res.statusCode}`);
    }
    console.log(
      `Product page (${firstPage.statusCode}, ${firstPage.body.length} bytes): first render after start ${firstMs.toFixed(1)} ms, then uncached renders ${median(renders).toFixed(2)} ms (median of ${requests}).`,
    );
    await app.close();

    const magazine = dirs.magazine ?? dirs.default!;
    const files = readThemeDir(magazine);
    const kept: unknown[] = [];
    const before = heapAfterGc();
    const copies = 20;
    for (let i = 0; i < copies; i++) kept.push(registry.compileFiles(files, `copy-${i}`, 1));
    const after = heapAfterGc();
    console.log(
      `Memory per installed theme (${magazine === dirs.default ? 'default' : 'magazine'}, ${copies} compiled copies): ${((after - before) / copies / 1024).toFixed(0)} KiB of heap each.`,
    );
    if (kept.length !== copies) throw new Error('lost a copy');
  } finally {
    await closeDatabase(db);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
