import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '../manifest.js';
import { COLLECTOR_ENTRY, storefrontAssetParts } from './asset-tag.js';

const islands: ClientManifest = { 'src/client/main.ts': { file: 'assets/main-1.js', isEntry: true, css: ['assets/main-1.css'] } };

describe('collector script tag', () => {
  it('adds the collector as a module script (deferred, never blocking rendering) after the islands entry', () => {
    const parts = storefrontAssetParts({ ...islands, [COLLECTOR_ENTRY]: { file: 'assets/collector-2.js', isEntry: true } }, '/a/');
    expect(parts.scripts).toBe('<script type="module" src="/a/assets/main-1.js"></script>\n<script type="module" src="/a/assets/collector-2.js"></script>');
    expect(parts.styles).toBe('<link rel="stylesheet" href="/a/assets/main-1.css">');
  });

  it('gives the islands tags alone for a build without the collector', () => {
    expect(storefrontAssetParts(islands, '/a/').scripts).toBe('<script type="module" src="/a/assets/main-1.js"></script>');
  });
});
