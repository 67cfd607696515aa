/**
 * Every kind of storefront page is valid HTML: the W3C Nu HTML Checker (npm `vnu-jar`) finds
 * no error on the demo store's home, cart, search, contact, events, a product page, a sold-out
 * product, a blog post and a gallery, and on the cart and checkout with a product in the cart.
 * The checker runs once over all pages (Java starts slowly).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../packages/server/test-support/test-app.js';
import { startStore, type RunningStore } from './support/store.js';

const VNU_JAR = fileURLToPath(new URL('../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url));

/** The pages checked, by file name. */
const PAGES: Readonly<Record<string, string>> = {
  home: '/',
  cart: '/cart',
  search: '/search?q=linen',
  contact: '/contact',
  events: '/events',
  product: '/shop/linen-camp-shirt',
  'sold-out-product': '/shop/stoneware-mug',
  'blog-post': '/journal/dyeing-with-walnut-hulls',
  gallery: '/studio',
};

/** Pages checked again with two totes in the cart, by file name. */
const PAGES_WITH_CART: Readonly<Record<string, string>> = {
  'cart-with-items': '/cart',
  checkout: '/checkout',
};
const TOTE = { path: '/shop/waxed-canvas-tote', sku: 'FF-TOTE-OLIVE' };

/** One message of the checker's JSON report. */
interface VnuMessage {
  readonly type: string;
  readonly subType?: string;
  readonly url?: string;
  readonly lastLine?: number;
  readonly message: string;
  readonly extract?: string;
}

/**
 * The checker (vnu-jar 26.9.27) allows `blocking` on a link only with rel="stylesheet"; the HTML
 * standard also allows it with rel="expect" (the "expect" link type, html.spec.whatwg.org
 * #link-type-expect), which every page's head uses to hold the first paint until `<main>` is
 * parsed. Only that one message on that one element is set aside.
 */
function isExpectLinkLag(m: VnuMessage): boolean {
  return (
    m.message ===
      'A \u201clink\u201d element with a \u201cblocking\u201d attribute must have a \u201crel\u201d attribute whose value is \u201cstylesheet\u201d.' &&
    (m.extract ?? '').includes('<link rel="expect" href="#main" blocking="render">')
  );
}

function hasJava(): Promise<boolean> {
  return new Promise((resolve) => execFile('java', ['-version'], (error) => resolve(!error)));
}

/** Runs the checker once over `files`; resolves with its messages (errors only). */
function runVnu(files: readonly string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { maxBuffer: 32 * 1024 * 1024 }, (error, _stdout, stderr) => {
      try {
        resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`vnu.jar gave no JSON report: ${error?.message ?? ''}\n${stderr}`));
      }
    });
  });
}

const javaPresent = await hasJava();
if (!javaPresent) console.warn('html-validity: skipped, `java` is not installed (apt-get install default-jre-headless)');

describe.skipIf(!javaPresent)('storefront pages are valid HTML (W3C Nu checker)', () => {
  let store: RunningStore;
  let dir: string;

  beforeAll(async () => {
    store = await startStore();
    dir = mkdtempSync(join(tmpdir(), 'html-validity-'));
  });
  afterAll(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The cookies of a visitor with two totes in the cart. */
  async function cartCookies(host: string): Promise<string> {
    const product = await store.app.inject({ url: TOTE.path, headers: { host } });
    const itemId = /data-item-id="([^"]+)"/.exec(product.body)?.[1];
    const crumb = await crumbForHost(store.app, host);
    const add = await store.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      payload: { itemId, sku: TOTE.sku, quantity: 2, additionalFields: '{}' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const set = ([] as string[]).concat(add.headers['set-cookie'] ?? []);
    return [`crumb=${crumb}`, ...set.map((cookie) => cookie.split(';')[0])].join('; ');
  }

  it('finds 0 errors on every page kind', async () => {
    const host = `demo.localhost:${store.port}`;
    const files: string[] = [];
    const pageOfFile = new Map<string, string>();
    const save = async (pages: Readonly<Record<string, string>>, cookie: string) => {
      for (const [name, path] of Object.entries(pages)) {
        const res = await store.app.inject({ url: path, headers: { host, accept: 'text/html', ...(cookie ? { cookie } : {}) } });
        expect(res.statusCode, `${path} status`).toBe(200);
        const file = join(dir, `${name}.html`);
        writeFileSync(file, res.body);
        files.push(file);
        pageOfFile.set(`${name}.html`, `${path}${cookie ? ' (with a cart)' : ''}`);
      }
    };
    await save(PAGES, '');
    await save(PAGES_WITH_CART, await cartCookies(host));
    expect(readFileSync(join(dir, 'cart-with-items.html'), 'utf8')).toContain('Waxed Canvas Market Tote');
    const messages = await runVnu(files);
    const errors = messages.filter((m) => (m.type === 'error' || m.type === 'non-document-error') && !isExpectLinkLag(m));
    const readable = errors.map((m) => {
      const page = m.url ? (pageOfFile.get(basename(decodeURIComponent(m.url))) ?? m.url) : '?';
      return `${page} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ''}`;
    });
    expect(readable).toEqual([]);
  }, 180_000);
});
