import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Files worth sending compressed: scripts, styles, maps and SVG of at least 1 KiB. */
const COMPRESSIBLE = /\.(js|css|map|svg)$/;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * built file, once at build time, so the server sends them as they are and never compresses a
 * dashboard file on a request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'emporium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(resolve(config.root, config.build.outDir), config.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(outDir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const body = readFileSync(join(outDir, name));
        if (body.length < 1024) continue;
        writeFileSync(
          join(outDir, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(join(outDir, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The owner dashboard: one HTML entry, files under /config/assets/ on the admin origin, one chunk per screen. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/config/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
  },
});
