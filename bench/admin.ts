/**
 * npm run bench:admin: the owner's variant grid in Chromium with a 1,000-variant product
 * (issue 12, acceptance 3). Starts the seeded store in process (PGlite, or PostgreSQL when
 * DATABASE_URL is set), creates a product of 10 x 10 x 10 option values through the catalogue
 * call, and times, in the built admin bundle:
 *   - show: from a click on the product in the Products list to its grid's first row on screen
 *     (the product's 1,000 variants fetched, the editor built, the grid rendered);
 *   - scroll: the grid scrolled from top to bottom one screenful per animation frame, with the
 *     number of frames and the longest frame;
 *   - bulk save: all 1,000 rows selected, one new price set, "Save product" until the editor
 *     announces the save (the bulk price call and the product read again).
 * Each is run --runs times (default 5); the median and the worst are printed. No assertions:
 * it prints figures. Build the admin first (npm run build --workspace @emporium/admin).
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { startStore } from '../e2e/support/store.js';
import { variants } from '../packages/server/src/db/schema.js';

const OWNER_TOKEN = 'bench-admin-owner-token-0123456789abcdef';
const USAGE = `Usage: npm run bench:admin -- [--runs N]

Times the admin's variant grid with a 1,000-variant product in Chromium: showing it, scrolling
it top to bottom, and saving a price change of all 1,000 variants. Prints median and worst.`;

function parseRuns(argv: string[]): number | undefined {
  let runs = 5;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') return undefined;
    if (argv[i] === '--runs' && /^\d+$/.test(argv[i + 1] ?? '') && Number(argv[i + 1]) > 0) {
      runs = Number(argv[++i]);
      continue;
    }
    throw new Error(`Unknown or incomplete argument: ${argv[i]}\n\n${USAGE}`);
  }
  return runs;
}

const COLOURS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Navy', 'Olive', 'Sand', 'Rust'];
const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const FABRICS = ['Cotton', 'Linen', 'Wool', 'Silk', 'Hemp', 'Modal', 'Twill', 'Denim', 'Jersey', 'Fleece'];

function thousandVariantProduct() {
  const rows = [];
  for (const colour of COLOURS)
    for (const size of SIZES)
      for (const fabric of FABRICS)
        rows.push({
          sku: `BENCH-${colour}-${size}-${fabric}`.toUpperCase(),
          priceCents: 2500,
          optionValues: { Colour: colour, Size: size, Fabric: fabric },
          qtyInStock: 10,
        });
  return {
    title: 'Bench Tee',
    urlId: 'bench-tee',
    options: [
      { name: 'Colour', values: COLOURS },
      { name: 'Size', values: SIZES },
      { name: 'Fabric', values: FABRICS },
    ],
    variants: rows,
  };
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms, worst ${sorted[sorted.length - 1]!.toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;
}

/**
 * Scrolls the grid one screenful per frame to the bottom, in the page; frames and the longest
 * frame. Sent as text: tsx would add its own helpers to a function's source, which the page lacks.
 */
const SCROLL_GRID = `new Promise((resolve) => {
  const scroller = document.querySelector('.variant-scroll');
  scroller.scrollTop = 0;
  const start = performance.now();
  let last = start;
  let frames = 0;
  let longestFrame = 0;
  function step() {
    const now = performance.now();
    longestFrame = Math.max(longestFrame, now - last);
    last = now;
    frames++;
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
      requestAnimationFrame(() => {
        const lastRowShown = Boolean(scroller.querySelector('[aria-label="Price of BENCH-RUST-5XL-FLEECE"]'));
        resolve({ ms: performance.now() - start, frames, longestFrame, lastRowShown });
      });
      return;
    }
    scroller.scrollTop += scroller.clientHeight;
    requestAnimationFrame(step);
  }
  requestAnimationFrame(step);
})`;

function scrollGrid(page: Page): Promise<{ ms: number; frames: number; longestFrame: number; lastRowShown: boolean }> {
  return page.evaluate(SCROLL_GRID) as Promise<{ ms: number; frames: number; longestFrame: number; lastRowShown: boolean }>;
}

async function main(): Promise<void> {
  const runs = parseRuns(process.argv.slice(2));
  if (runs === undefined) {
    console.log(USAGE);
    return;
  }
  const store = await startStore({ ownerToken: OWNER_TOKEN });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { authorization: `Bearer ${OWNER_TOKEN}` } });
    const page = await context.newPage();
    await page.goto(`${store.siteUrl()}/config/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor({ timeout: 30_000 });
    const created = await page.evaluate(async (body) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/owner/catalogue/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: string; variants: unknown[] };
    }, thousandVariantProduct());
    console.log(`Product with ${created.variants.length} variants created; ${runs} runs each.`);

    const show: number[] = [];
    const scroll: number[] = [];
    const longest: number[] = [];
    const frames: number[] = [];
    const save: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(`${store.siteUrl()}/config/products?q=Bench`);
      const link = page.getByRole('link', { name: 'Bench Tee' });
      await link.waitFor({ timeout: 30_000 });
      const started = performance.now();
      await link.click();
      await page.getByRole('textbox', { name: 'Price of BENCH-RED-XXS-COTTON', exact: true }).waitFor({ timeout: 60_000 });
      show.push(performance.now() - started);

      const scrolled = await scrollGrid(page);
      if (!scrolled.lastRowShown) throw new Error('the last variant was not rendered at the bottom of the grid');
      scroll.push(scrolled.ms);
      longest.push(scrolled.longestFrame);
      frames.push(scrolled.frames);

      const price = (19 + run).toFixed(2);
      await page.getByRole('checkbox', { name: 'Select all variants' }).check();
      await page.getByLabel('New price').fill(price);
      await page.getByRole('button', { name: 'Set price' }).click();
      const saveStarted = performance.now();
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved 1000 prices.' }).waitFor({ timeout: 120_000 });
      save.push(performance.now() - saveStarted);
      const rows = await store.app.emporium.db.select({ priceCents: variants.priceCents }).from(variants).where(eq(variants.productId, created.id));
      const changed = rows.filter((row) => row.priceCents === Math.round(Number(price) * 100)).length;
      if (changed !== 1000) throw new Error(`only ${changed} of 1000 variants have the new price`);
    }
    console.log(`Show the grid (click in Products → first row): ${stats(show)}`);
    console.log(`Scroll top to bottom (one screenful a frame):  ${stats(scroll)}; frames ${frames.join(', ')}; longest frame ${stats(longest)}`);
    console.log(`Save a bulk price change of 1,000 variants:    ${stats(save)}`);
    await context.close();
  } finally {
    await browser.close();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
