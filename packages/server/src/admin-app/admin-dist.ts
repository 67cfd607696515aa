import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';

/** Where the owner dashboard's Vite build lives (packages/admin/dist). */
export const ADMIN_DIST_DIR = join(dirname(createRequire(import.meta.url).resolve('@emporium/admin/package.json')), 'dist');

/** Content types of the files the build writes under assets/. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Names Vite gives built files (a content hash inside); nothing else is ever read. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** A built file: its bytes and content type, and the coding of the bytes when they are compressed. */
export interface AdminAsset {
  readonly body: Buffer;
  readonly type: string;
  readonly encoding?: 'br' | 'gzip';
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The dashboard's built files, read from disk. */
export interface AdminDist {
  /** The dashboard's HTML (the same for every /config path); null when the admin is not built. */
  indexHtml(): Promise<string | null>;
  /**
   * A file of `assets/`; null for unknown names. With `encoding`, the copy the build compressed
   * in that coding when there is one (else the file as it is).
   */
  asset(name: string, encoding?: 'br' | 'gzip' | null): Promise<AdminAsset | null>;
}

/**
 * Reads the dashboard's build from `distDir`. The HTML is read on each request (it is small and
 * names the current hashed files, so a rebuild is picked up without a restart); assets are read
 * when asked for.
 */
export function adminDist(distDir: string = ADMIN_DIST_DIR): AdminDist {
  return {
    async indexHtml() {
      try {
        return await readFile(join(distDir, 'index.html'), 'utf8');
      } catch {
        return null;
      }
    },
    async asset(name, encoding) {
      const type = ASSET_TYPES[extname(name)];
      if (!type || !ASSET_NAME.test(name) || name.includes('..')) return null;
      if (encoding) {
        try {
          return { body: await readFile(join(distDir, 'assets', name + SUFFIX[encoding])), type, encoding };
        } catch {
          // No compressed copy (a small file): the file as it is.
        }
      }
      try {
        return { body: await readFile(join(distDir, 'assets', name)), type };
      } catch {
        return null;
      }
    },
  };
}
