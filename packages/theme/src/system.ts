import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expandTags } from './tags.js';

/** The package's folder, found through the package so it holds from source and from the compiled server. */
const ROOT = dirname(createRequire(import.meta.url).resolve('@emporium/theme/package.json'));

/** Page templates the system provides; a theme never replaces them. */
export const SYSTEM_PAGES = [
  'page',
  'cart',
  'checkout',
  'order-confirmed',
  'order-received',
  'order-status',
  'donate',
  'contribution-confirmed',
  'search',
  'not-found',
  'error',
  'lock-screen',
  'protected',
  'access-denied',
  'membership-confirmed',
  'account',
] as const;
export type SystemPage = (typeof SYSTEM_PAGES)[number];

/** Collection templates the system provides for themes that do not template a type. */
export const SYSTEM_COLLECTIONS = [
  'blog.list',
  'blog.item',
  'products.list',
  'products.item',
  'events.list',
  'events.item',
  'gallery.list',
  'course.list',
  'course.item',
] as const;

/** Stylesheets of the system layer, in load order. */
const SYSTEM_STYLESHEETS = [
  'base.css',
  'blocks.css',
  'block-kinds.css',
  'commerce.css',
  'donations.css',
  'product.css',
  'content.css',
  'islands.css',
  'cookie-banner.css',
  'courses.css',
  'responsive.css',
] as const;

/** The system's own templates, partials and styles: what every theme shares. */
export interface SystemLayer {
  readonly pages: ReadonlyMap<string, string>;
  readonly collections: ReadonlyMap<string, string>;
  /** Partials by name (`newsletter.block`, `emporium-blocks.block`...). */
  readonly partials: ReadonlyMap<string, string>;
  /** The system stylesheet (plain CSS; it reads the custom properties themes set). */
  readonly css: string;
  readonly favicon: Buffer;
}

function readAll(dir: string, names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of names) out.set(name, readFileSync(join(dir, name), 'utf8'));
  return out;
}

let cached: SystemLayer | undefined;

/**
 * The system layer, read once from the package's `system/` folder. Its templates may use the
 * same server tags as themes (expanded here); they are compiled together with each theme.
 */
export function loadSystemLayer(): SystemLayer {
  if (cached) return cached;
  const dir = join(ROOT, 'system');
  const expand = (file: string, source: string) => expandTags(file, source, { navigations: new Set(), scriptUrl: () => undefined }, { queries: 0 }, []).source;
  const pages = new Map([...readAll(join(dir, 'templates'), SYSTEM_PAGES)].map(([n, s]) => [n, expand(`system/${n}`, s)]));
  const collections = new Map([...readAll(join(dir, 'collections'), SYSTEM_COLLECTIONS)].map(([n, s]) => [n, expand(`system/${n}`, s)]));
  const partialNames = readdirSync(join(dir, 'blocks')).filter((n) => n.endsWith('.block'));
  const partials = new Map([...readAll(join(dir, 'blocks'), partialNames)].map(([n, s]) => [n, expand(`system/${n}`, s)]));
  const css = SYSTEM_STYLESHEETS.map((name) => readFileSync(join(dir, 'styles', name), 'utf8')).join('\n');
  cached = Object.freeze({ pages, collections, partials, css, favicon: readFileSync(join(dir, 'assets', 'favicon.svg')) });
  return cached;
}
