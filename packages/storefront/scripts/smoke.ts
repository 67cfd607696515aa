/**
 * Browser smoke check of the built islands: serves a page of server-rendered islands plus the
 * Vite bundle, with the section 7 APIs answered in-process, and drives it in Chromium.
 * Usage: npm run build -w @emporium/storefront && npx tsx packages/storefront/scripts/smoke.ts
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { STOREFRONT_ASSET_BASE, STOREFRONT_DIST_DIR, clientAssetTags, readClientManifest, renderIsland } from '../src/index.js';

const product = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Color'],
  variants: [
    { sku: 'S-RED', id: 'v1', attributes: { Size: 'S', Color: 'Red' }, qtyInStock: 5, unlimited: false, priceMoney: { value: 5000, currency: 'USD' } },
    { sku: 'M-RED', id: 'v2', attributes: { Size: 'M', Color: 'Red' }, qtyInStock: 0, unlimited: false, priceMoney: { value: 5000, currency: 'USD' } },
  ],
} as const;

function page(): string {
  const manifest = readClientManifest();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Smoke</title>${clientAssetTags(manifest, undefined, ['ProductForm', 'InstallmentPill', 'FormBlock', 'RestockSignup', 'CartPill'])}</head><body>
<img data-product-image="p1" src="/img/default.png" alt="Shirt">
${renderIsland('ProductForm', { itemId: 'p1', product, variantImages: { 'S-RED': '/img/red-small.png' } })}
${renderIsland('InstallmentPill', { productType: 1, priceCents: 5000, currency: 'USD', locale: 'en_US', context: { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000 } })}
${renderIsland('FormBlock', { form: { id: 'f1', name: 'Contact', submitLabel: 'Send', parsedSubmissionMessage: '<p>Thanks!</p>', fields: [{ id: 'email', type: 'email', title: 'Email', required: true }] }, page: { pageTitle: 'Smoke', pageId: 'pg', contentSource: 'c', pagePath: '/', pagePermissionTypeValue: 1 } })}
${renderIsland('RestockSignup', { productId: 'p1', variantId: 'v2' })}
${renderIsland('CartPill', { path: '/', seed: { totalQuantity: 0, subtotalCents: 0 } })}
</body></html>`;
}

const calls: string[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  calls.push(`${req.method} ${url.pathname} ${req.headers['x-csrf-token'] ?? '-'}`);
  const send = (status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  if (url.pathname === '/') {
    res.setHeader('set-cookie', 'crumb=smoke-crumb; Path=/');
    return send(200, page(), 'text/html');
  }
  if (url.pathname.startsWith(STOREFRONT_ASSET_BASE)) {
    const file = normalize(join(STOREFRONT_DIST_DIR, url.pathname.slice(STOREFRONT_ASSET_BASE.length)));
    if (!file.startsWith(STOREFRONT_DIST_DIR)) return send(403, 'no', 'text/plain');
    const type = extname(file) === '.css' ? 'text/css' : 'text/javascript';
    try {
      return send(200, readFileSync(file), type);
    } catch {
      return send(404, 'missing', 'text/plain');
    }
  }
  if (url.pathname.startsWith('/img/') || url.pathname === '/favicon.ico') return send(204, '', 'image/png');
  if (url.pathname === '/api/commerce/shopping-cart/entries') {
    return send(200, { shoppingCart: { id: 'c1', entries: [], totalQuantity: 1, subtotalCents: 5000 }, newlyAdded: {} });
  }
  if (url.pathname === '/api/form/FormSubmissionKey') return send(200, { key: 'k1' });
  if (url.pathname === '/api/form/SaveFormSubmission') return send(200, {});
  if (url.pathname === '/api/site-users/account/notifications/restock') return send(200, {});
  return send(404, { message: 'not found' });
});

function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const tab = await browser.newPage();
  const problems: string[] = [];
  tab.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
  tab.on('pageerror', (e) => problems.push(e.message));
  await tab.goto(origin);
  await tab.waitForFunction(() => document.querySelector('.add-to-cart__button') !== null);
  await tab.waitForTimeout(300);

  await tab.click('.add-to-cart__button');
  await tab.waitForSelector('.add-to-cart__alert');
  check((await tab.textContent('.add-to-cart__alert-title')) === 'Unable to Add Item', 'alert title on validation failure');
  check((await tab.textContent('.add-to-cart__alert-message')) === 'Please select the Size and Color options.', 'unselected options message');

  await tab.selectOption('select >> nth=0', 'S');
  await tab.selectOption('select >> nth=1', 'Red');
  check((await tab.getAttribute('img[data-product-image="p1"]', 'src')) === '/img/red-small.png', 'variant image swapped');
  await tab.waitForTimeout(1100);
  await tab.click('.add-to-cart__button');
  await tab.waitForFunction(() => document.querySelector('.add-to-cart__button')?.textContent === 'Added!');
  check(true, "button shows 'Added!'");
  check((await tab.getAttribute('.cart-pill', 'class')) === 'cart-pill cart-pill--visible', 'cart pill visible after add');
  check((await tab.getAttribute('.cart-pill', 'aria-label')) === '1 item in cart', 'cart pill spoken label');
  await tab.waitForFunction(() => document.querySelector('.add-to-cart__button')?.textContent === 'Add To Cart', undefined, { timeout: 3000 });
  check(true, 'button back to idle');
  check(
    calls.some((c) => c === 'POST /api/commerce/shopping-cart/entries smoke-crumb'),
    'add call carries X-CSRF-Token from the crumb cookie',
  );

  await tab.click('.installment-pill__info');
  await tab.waitForSelector('[role=dialog]');
  await tab.keyboard.press('Tab');
  await tab.keyboard.press('Tab');
  check(await tab.evaluate(() => document.querySelector('[role=dialog]')?.contains(document.activeElement) ?? false), 'focus stays in the dialog');
  await tab.keyboard.press('Escape');
  check((await tab.$('[role=dialog]')) === null, 'Escape closes the dialog');
  check(await tab.evaluate(() => document.activeElement?.classList.contains('installment-pill__info') ?? false), 'focus restored to the opener');
  await tab.click('.installment-pill__info');
  await tab.mouse.click(5, 5);
  check((await tab.$('[role=dialog]')) === null, 'click outside closes the dialog');

  await tab.click('.form-block__submit');
  check((await tab.textContent('.form-field__error')) === 'Required', "empty required field shows 'Required'");
  await tab.fill('.form-block input[type=email]', 'ada@example.com');
  await tab.click('.form-block__submit');
  await tab.waitForSelector('.form-block--submitted');
  check((await tab.textContent('.form-block__submission-text')) === 'Thanks!', 'submission text shown');

  await tab.click('.restock-signup button[type=submit]');
  check((await tab.textContent('.restock-signup__error')) === 'Email cannot be blank', 'restock blank email');
  await tab.fill('.restock-signup input[type=email]', 'ada@example.com');
  await tab.click('.restock-signup button[type=submit]');
  await tab.waitForSelector('.restock-signup--done');
  check((await tab.textContent('.restock-signup--done')) === 'Signed up!', 'restock success text');

  check(problems.length === 0, `no console errors or warnings${problems.length ? `: ${problems.join(' | ')}` : ''}`);
} finally {
  await browser.close();
  server.close();
}
