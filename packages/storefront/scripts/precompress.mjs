// Writes a brotli (.br) and a gzip (.gz) copy beside every built script, stylesheet, source map
// and SVG in dist/assets, so the server sends them compressed without compressing per request.
// A copy that would not be smaller than its source is not written.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.svg']);
const assets = fileURLToPath(new URL('../dist/assets', import.meta.url));

const encoders = {
  '.br': (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  '.gz': (body) => gzipSync(body, { level: 9 }),
};

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const name of readdirSync(assets)) {
  if (!COMPRESSIBLE.has(extname(name))) continue;
  const path = join(assets, name);
  const body = readFileSync(path);
  files += 1;
  before += body.length;
  for (const [suffix, encode] of Object.entries(encoders)) {
    const encoded = encode(body);
    if (encoded.length < body.length) writeFileSync(path + suffix, encoded);
    else rmSync(path + suffix, { force: true });
    if (suffix === '.br') afterBrotli += Math.min(encoded.length, body.length);
  }
}
console.log(`precompressed ${files} files in dist/assets: ${before} bytes, ${afterBrotli} with brotli`);
