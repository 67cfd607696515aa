import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_ACTIONS_ENTRY, clientAssetParts, clientAssetTags, readClientManifest } from './manifest.js';

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
      '<link rel="modulepreload" href="/a/assets/CartPill-789.js">',
      '<link rel="modulepreload" href="/a/assets/hydrate-456.js">',
      '<script type="module" src="/a/assets/main-abc.js"></script>',
    ]);
    expect(() => clientAssetTags(manifest, '/a/', ['Nope'])).toThrow('Manifest has no chunk src/islands/Nope.tsx');
  });

  it('#24 puts the early-action capture in the head as an async module, without a second preload for the entry that imports it', () => {
    const withCapture = {
      ...manifest,
      'src/client/main.ts': { ...manifest['src/client/main.ts'], imports: ['_shared.js', EARLY_ACTIONS_ENTRY] },
      [EARLY_ACTIONS_ENTRY]: { file: 'assets/early-action-capture-1.js', isEntry: true },
    };
    const parts = clientAssetParts(withCapture, '/a/');
    expect(parts.headScripts).toBe('<script type="module" async src="/a/assets/early-action-capture-1.js"></script>');
    expect(parts.scripts).not.toContain('early-action-capture');
    expect(clientAssetParts(manifest, '/a/').headScripts).toBe('');
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
