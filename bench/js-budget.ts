import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import globalSetup from '../e2e/support/global-setup.js';
import { launchBrowser, REACT_MARKER } from '../e2e/support/browser.js';
import { startStore } from '../e2e/support/store.js';

const USAGE = `Usage: npm run bench:js -- [--path P]... [--budget-kb N] [--scripts]

Starts the seeded demo store (PGlite, random port), loads each page in Chromium and sums the
gzip size (zlib default level) of every JavaScript response the page loads, until the network
is idle. Prints per page: scripts, raw and gzip KB, the islands on the page and whether React
is loaded. The product page is checked against the budget (default 100 KB gzip); the exit code
is 1 when it is over. Default pages: product, cart (with an item), checkout, home, a blog post,
an about page and a gallery page of the demo shop, and three pages of the journal site (no store).
A path may name another seeded site as 'identifier:/path' (default site: demo).
--scripts also lists each page's scripts, largest first, with their gzip KB.`;

const PRODUCT_PATH = '/shop/linen-camp-shirt';
const DEFAULT_PATHS = [
  PRODUCT_PATH,
  '/cart',
  '/checkout',
  '/',
  '/journal/why-we-wash-our-linen-twice',
  '/about',
  '/studio',
  'journal:/',
  'journal:/readings',
  'journal:/photos',
];

interface Options {
  paths: string[];
  budgetKb: number;
  scripts: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { paths: [], budgetKb: 100, scripts: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--scripts') {
      options.scripts = true;
      continue;
    } else if (arg === '--path' && value && /^([a-z0-9-]+:)?\//.test(value)) options.paths.push(value);
    else if (arg === '--budget-kb' && value && /^\d+$/.test(value)) options.budgetKb = Number(value);
    else throw new Error(`Unknown or incomplete argument: ${arg}\n\n${USAGE}`);
    i++;
  }
  if (options.paths.length === 0) options.paths = DEFAULT_PATHS;
  return options;
}

/** What one page loads. */
interface PageJs {
  path: string;
  status: number;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  islands: string[];
  react: boolean;
  /** Each script's file name and gzip bytes. */
  files: { name: string; gzipBytes: number }[];
}

/** Puts one in-stock item in the context's cart from a throwaway tab that loads no script (so nothing is cached for the measured page). */
async function fillCart(context: BrowserContext, base: string): Promise<void> {
  const tab = await context.newPage();
  await tab.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
  await tab.goto(`${base}${PRODUCT_PATH}`);
  const added = await tab.evaluate(async (productPath) => {
    const json = await fetch(`${productPath}?format=json`).then((r) => r.json());
    const form = json.render?.islands?.productForm ?? {};
    const variant = form.product?.variants?.find((v: { qtyInStock?: number; unlimited?: boolean }) => v.unlimited || (v.qtyInStock ?? 0) > 0);
    const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
      body: JSON.stringify({ itemId: form.itemId, sku: variant?.sku ?? null, quantity: 1, additionalFields: null }),
    });
    return `${response.status} ${response.status === 200 ? '' : await response.text()}`;
  }, PRODUCT_PATH);
  await tab.close();
  if (!added.startsWith('200')) throw new Error(`could not fill the cart: HTTP ${added}`);
}

async function measure(browser: Browser, base: string, path: string): Promise<PageJs> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || /javascript/.test(contentType)) seen.push(response);
  });
  if (path === '/cart' || path === '/checkout') await fillCart(context, base);
  const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const islands = await page.$$eval('[data-island]', (nodes) => nodes.map((n) => n.getAttribute('data-island') ?? '?'));
  let rawBytes = 0;
  let gzipBytes = 0;
  let react = false;
  const urls = new Set<string>();
  const files: PageJs['files'] = [];
  for (const script of seen) {
    if (urls.has(script.url())) continue;
    urls.add(script.url());
    const body = await script.body().catch(() => Buffer.alloc(0));
    const gzipped = gzipSync(body).length;
    rawBytes += body.length;
    gzipBytes += gzipped;
    files.push({ name: new URL(script.url()).pathname.split('/').pop() ?? script.url(), gzipBytes: gzipped });
    if (REACT_MARKER.test(body.toString('utf8'))) react = true;
  }
  await context.close();
  return { path, status: response?.status() ?? 0, scripts: urls.size, rawBytes, gzipBytes, islands, react, files };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  globalSetup();
  const store = await startStore();
  const browser = await launchBrowser();
  const results: PageJs[] = [];
  try {
    for (const page of options.paths) {
      const [, site = 'demo', path = '/'] = /^(?:([a-z0-9-]+):)?(\/.*)$/.exec(page) ?? [];
      results.push({ ...(await measure(browser, store.siteUrl(site), path)), path: page });
    }
  } finally {
    await browser.close();
    await store.close();
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('page | status | scripts | raw KB | gzip KB | React | islands');
  for (const r of results) {
    const flag =
      r.path === PRODUCT_PATH
        ? r.gzipBytes <= options.budgetKb * 1024
          ? `  (budget ${options.budgetKb} KB: OK)`
          : `  (budget ${options.budgetKb} KB: OVER)`
        : '';
    console.log(
      `${r.path} | ${r.status} | ${r.scripts} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} | ${r.react ? 'yes' : 'no'} | ${r.islands.join(', ') || '(none)'}${flag}`,
    );
    if (options.scripts) for (const file of [...r.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`    ${kb(file.gzipBytes)} KB  ${file.name}`);
  }
  const islandless = results.filter((r) => r.islands.length === 0);
  if (islandless.length === 0) console.log('No measured page is free of islands, so none can show whether an island-less page loads React.');
  for (const r of islandless) console.log(`Island-less page ${r.path}: ${r.react ? 'LOADS React' : 'loads no React'} (${kb(r.gzipBytes)} KB gzip JS).`);
  const product = results.find((r) => r.path === PRODUCT_PATH);
  if (product && product.gzipBytes > options.budgetKb * 1024) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
