import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientAssetTags, islandChunkKey, islandPreloadTags, readClientManifest } from './manifest.js';

const manifest = {
  'src/client/main.ts': {
    file: 'assets/main-abc.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/client/hydrate.ts'],
    css: ['assets/main-def.css'],
  },
  '_shared.js': { file: 'assets/shared-123.js', imports: ['src/client/main.ts'] },
  'src/client/hydrate.ts': { file: 'assets/hydrate-456.js', imports: ['src/client/main.ts'] },
  'src/islands/CartPill.tsx': { file: 'assets/CartPill-789.js', imports: ['src/client/hydrate.ts', '_shared.js'] },
};

describe('client manifest', () => {
  it('lists css, static-import preloads and the entry script under the base', () => {
    expect(clientAssetTags(manifest, '/a/').split('\n')).toEqual([
      '<link rel="stylesheet" href="/a/assets/main-def.css">',
      '<link rel="modulepreload" href="/a/assets/shared-123.js">',
      '<script type="module" src="/a/assets/main-abc.js"></script>',
    ]);
  });

  it("preloads the page's island chunks and what they import", () => {
    expect(clientAssetTags(manifest, '/a/', ['CartPill', 'CartPill']).split('\n')).toEqual([
      '<link rel="stylesheet" href="/a/assets/main-def.css">',
      '<link rel="modulepreload" href="/a/assets/shared-123.js">',
      '<link rel="modulepreload" href="/a/assets/hydrate-456.js">',
      '<link rel="modulepreload" href="/a/assets/CartPill-789.js">',
      '<script type="module" src="/a/assets/main-abc.js"></script>',
    ]);
    expect(() => clientAssetTags(manifest, '/a/', ['Nope'])).toThrow('Manifest has no chunk src/islands/Nope.tsx');
  });

  it('finds an island merged into a chunk shared with other islands by the chunk name the hydration module imports', () => {
    const shared = {
      ...manifest,
      'src/client/hydrate.ts': { ...manifest['src/client/hydrate.ts'], dynamicImports: ['src/islands/CartPill.tsx', '_ProductForm-1.js'] },
      '_ProductForm-1.js': { file: 'assets/ProductForm-1.js', name: 'ProductForm', imports: ['_shared.js', '_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
    };
    expect(islandChunkKey(shared, 'ProductForm')).toBe('_ProductForm-1.js');
    expect(islandChunkKey(shared, 'CartPill')).toBe('src/islands/CartPill.tsx');
    expect(() => islandChunkKey(shared, 'Nope')).toThrow('Manifest has no chunk src/islands/Nope.tsx');
    // Only what the entry's own preloads leave out: the hydration module, the island chunk and its new import.
    expect(islandPreloadTags(shared, ['ProductForm'], '/a/').split('\n')).toEqual([
      '<link rel="modulepreload" href="/a/assets/hydrate-456.js">',
      '<link rel="modulepreload" href="/a/assets/ProductForm-1.js">',
      '<link rel="modulepreload" href="/a/assets/react-1.js">',
    ]);
    expect(islandPreloadTags(shared, [], '/a/')).toBe('');
  });

  it('reads .vite/manifest.json and explains a missing build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-'));
    expect(() => readClientManifest(dir)).toThrow('npm run build -w @emporium/storefront');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readClientManifest(dir)['src/client/main.ts'].file).toBe('assets/main-abc.js');
  });

  it('refuses a manifest without the entry', () => {
    expect(() => clientAssetTags({})).toThrow('Manifest has no entry');
  });
});
