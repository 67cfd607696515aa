import { BrowserClient } from '../../test/integration/support/browser-client.js';
import { runAutocannon } from './autocannon-run.js';
import { runManyVisitorsPost } from './many-visitors-post.js';
import type { LoadResult } from './stats.js';
import { runWrk } from './wrk-run.js';

/** Load settings shared by every run. */
export interface LoadSettings {
  connections: number;
  seconds: number;
}

/** One endpoint to measure; `wrk` is set when wrk can drive it too (plain GETs). */
export interface BenchTarget {
  /** Row label, e.g. `pglite home`. */
  label: string;
  autocannon: (settings: LoadSettings) => Promise<LoadResult>;
  wrk?: (settings: LoadSettings) => Promise<LoadResult>;
}

/** Demo-site paths measured by the benchmark. */
export const BENCH_PATHS = Object.freeze({
  home: '/',
  product: '/shop/linen-camp-shirt',
  productJson: '/shop/linen-camp-shirt?format=json',
  cart: '/api/commerce/shopping-cart',
  entries: '/api/commerce/shopping-cart/entries',
  addProduct: '/shop/oat-honey-soap',
  secondProduct: '/shop/waxed-canvas-tote',
});

const SITE_HOST = 'demo.localhost';
let addressRange = 10;

function nextAddressRange(): number {
  if (addressRange >= 250) throw new Error('bench: out of 127.x source ranges; use fewer rounds');
  return addressRange++;
}

function getTarget(label: string, port: number, path: string, headers: Record<string, string>): BenchTarget {
  const url = `http://127.0.0.1:${port}${path}`;
  return {
    label,
    autocannon: (settings) => runAutocannon({ url, headers }, settings),
    wrk: (settings) => runWrk(url, headers, settings),
  };
}

async function firstVariant(client: BrowserClient, port: number, path: string): Promise<{ itemId: string; sku: string }> {
  const answer = await client.send(port, 'GET', `${path}?format=json`);
  if (answer.status !== 200) throw new Error(`GET ${path}?format=json: HTTP ${answer.status}`);
  const item = answer.json().item;
  return { itemId: item.id, sku: item.structuredContent.variants[0].sku };
}

/** The bare Fastify hello-world baseline on `port`. */
export function helloTarget(port: number): BenchTarget {
  return getTarget('baseline hello', port, '/', {});
}

/** The bare node:http server answering with a copy of the product page's bytes, on `port`. */
export function bytesTarget(port: number): BenchTarget {
  return getTarget('bare node:http product bytes', port, BENCH_PATHS.product, {});
}

/**
 * The Emporium endpoints on one running server: home page, product page (without and with a
 * cart and the collector's cookies), the product's
 * `?format=json`, GET shopping-cart (a cart with two entries) and add-to-cart POSTs (each
 * from a new visitor IP, creating a new cart, with a crumb taken from a page).
 */
export async function emporiumTargets(name: string, port: number): Promise<BenchTarget[]> {
  const visitor = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.250.0.1' });
  const home = await visitor.send(port, 'GET', BENCH_PATHS.home);
  if (home.status !== 200 || !visitor.crumb) throw new Error(`GET / on ${name}: HTTP ${home.status}, crumb ${visitor.crumb ?? 'missing'}`);
  const crumb = visitor.crumb;
  const soap = await firstVariant(visitor, port, BENCH_PATHS.addProduct);
  const tote = await firstVariant(visitor, port, BENCH_PATHS.secondProduct);
  for (const product of [soap, tote]) {
    const added = await visitor.send(port, 'POST', BENCH_PATHS.entries, { ...product, quantity: 1 });
    if (added.status !== 200) throw new Error(`add to cart on ${name}: HTTP ${added.status} ${added.body}`);
  }
  const cartId = visitor.cookies.get('emporium_cart');
  if (!cartId) throw new Error(`add to cart on ${name} set no cart cookie`);
  const marker = visitor.cookies.get('hasCart');
  if (marker !== '2') throw new Error(`add to cart on ${name}: the cart marker says '${marker ?? ''}', not 2 items`);

  const host = `${SITE_HOST}:${port}`;
  const pageHeaders = { host, accept: 'text/html', cookie: `crumb=${crumb}` };
  const apiHeaders = { host, accept: 'application/json', cookie: `crumb=${crumb}; emporium_cart=${cartId}` };
  // What a shopper's browser sends: the cart's cookies and the analytics collector's (spec 9).
  const collector = 'ss_cvr=bench-visitor; ss_cvt=1764000000000; SS_MID=bench-mid; SS_ANALYTICS_ID=bench-analytics; SS_SESSION_ID=bench-session';
  const shopperHeaders = { ...pageHeaders, cookie: `crumb=${crumb}; emporium_cart=${cartId}; hasCart=${marker}; ${collector}` };
  const cart = getTarget(`${name} GET cart`, port, BENCH_PATHS.cart, apiHeaders);
  delete cart.wrk;
  return [
    getTarget(`${name} home`, port, BENCH_PATHS.home, pageHeaders),
    getTarget(`${name} product`, port, BENCH_PATHS.product, pageHeaders),
    getTarget(`${name} product, visitor with a cart`, port, BENCH_PATHS.product, shopperHeaders),
    getTarget(`${name} product ?format=json`, port, BENCH_PATHS.productJson, { ...pageHeaders, accept: 'application/json' }),
    cart,
    {
      label: `${name} add-to-cart POST`,
      autocannon: (settings) =>
        runManyVisitorsPost({
          port,
          path: BENCH_PATHS.entries,
          host,
          headers: { accept: 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
          body: { ...soap, quantity: 1 },
          connections: settings.connections,
          seconds: settings.seconds,
          perAddress: 15,
          range: nextAddressRange(),
        }),
    },
  ];
}
