/**
 * Issue 6 acceptance 1 in Chromium on the seeded demo: a comment posted, approved and counted,
 * a review posted, approved and averaged, share links, header search, and the four gallery
 * designs with their options.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../packages/server/test-support/test-app.js';
import { allA11yViolations, launchBrowser, openPage, screenshot, seriousA11yViolations, waitForHydration } from './support/browser.js';
import { setGalleryOptions } from './support/gallery.js';
import { startStore, type RunningStore } from './support/store.js';

const OWNER_TOKEN = 'content-social-owner-token-0123456789';
const POST_PATH = '/journal/dyeing-with-walnut-hulls';
const PRODUCT_PATH = '/shop/everyday-apron';
let crumb = '';

let store: RunningStore;
let browser: Browser;

async function ownerApprove(kind: 'comments' | 'reviews', id: string): Promise<void> {
  const res = await store.app.inject({
    method: 'POST',
    url: `/api/content/${kind}/${id}/approve`,
    headers: { host: 'demo.localhost', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ id, status: 'approved' });
}

async function pendingId(page: Page, urlPart: string, submit: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() === 'POST'), submit()]);
  expect(response.status(), await response.text()).toBe(202);
  const body = (await response.json()) as { id: string; status: string };
  expect(body.status).toBe('pending');
  return body.id;
}

async function openStudio(gallery: Record<string, unknown>, name: string): Promise<{ page: Page; errors: string[] }> {
  await setGalleryOptions(store, gallery);
  const watched = await openPage(browser);
  await watched.page.goto(`${store.siteUrl()}/studio`, { waitUntil: 'networkidle' });
  await waitForHydration(watched.page);
  await watched.page.locator(`.content-gallery--${gallery.design as string}`).waitFor();
  await screenshot(watched.page, `content-gallery-${name}`);
  expect(await allA11yViolations(watched.page), `axe on the ${name} gallery (issue 6)`).toEqual([]);
  return watched;
}

beforeAll(async () => {
  store = await startStore({ ownerToken: OWNER_TOKEN });
  crumb = await crumbForHost(store.app, 'demo.localhost');
  browser = await launchBrowser();
}, 120_000);

afterEach(async () => {
  await Promise.all(browser.contexts().map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('comments and reviews in Chromium (issue 6)', () => {
  it('a visitor posts a comment; once the owner approves it, it shows and the count says so', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}${POST_PATH}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const area = page.locator('.content-comments');
    await expect(area.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('2 Comments');

    await area.getByLabel('Name').fill('Grace Hopper');
    await area.getByLabel('Email (not shown)').fill('grace@example.com');
    await area.getByLabel('Comment', { exact: true }).fill('Does the walnut dye work on silk as well?');
    const id = await pendingId(page, '/comments', () => area.getByRole('button', { name: 'Post Comment' }).click());
    await expect(area.getByRole('status').textContent()).resolves.toBe('Thank you. Your comment will appear once the site owner approves it.');

    await page.reload({ waitUntil: 'networkidle' });
    await expect(area.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('2 Comments');
    expect(await area.getByText('Does the walnut dye work on silk as well?').count()).toBe(0);

    await ownerApprove('comments', id);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(area.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('3 Comments');
    const last = area.locator('.content-comments__comment').last();
    await expect(last.locator('.content-comments__author strong').textContent()).resolves.toBe('Grace Hopper');
    await expect(last.locator('.content-comments__body').textContent()).resolves.toBe('Does the walnut dye work on silk as well?');
    expect(await page.content()).not.toContain('grace@example.com');
    await screenshot(page, 'content-comment-approved');
    expect(errors).toEqual([]);
  });

  it('a visitor rates and reviews a product; once approved, the review and the new average show', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}${PRODUCT_PATH}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const area = page.locator('.content-reviews');
    await expect(area.locator('.content-reviews__summary').textContent()).resolves.toContain('4.7 out of 5 stars from 3 reviews');

    await area.getByRole('radio', { name: '4 stars' }).check();
    await area.getByLabel('Name').fill('Grace H.');
    await area.getByLabel('Title (optional)').fill('Sturdy and soft');
    await area.getByRole('textbox', { name: 'Review', exact: true }).fill('The straps cross at the back, so it never pulls at my neck.');
    const id = await pendingId(page, '/reviews', () => area.getByRole('button', { name: 'Post Review' }).click());
    await page.reload({ waitUntil: 'networkidle' });
    await expect(area.locator('.content-reviews__summary').textContent()).resolves.toContain('4.7 out of 5 stars from 3 reviews');
    expect(await area.getByText('Sturdy and soft').count()).toBe(0);

    await ownerApprove('reviews', id);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(area.locator('.content-reviews__summary').textContent()).resolves.toContain('4.5 out of 5 stars from 4 reviews');
    const review = area.locator('.content-reviews__review', { hasText: 'Sturdy and soft' });
    await expect(review.textContent()).resolves.toContain('4 out of 5 stars');
    await expect(review.textContent()).resolves.toContain('The straps cross at the back, so it never pulls at my neck.');
    await expect(review.locator('.content-reviews__byline').textContent()).resolves.toContain('Grace H.');
    await screenshot(page, 'content-review-approved');
    expect(errors).toEqual([]);
  });
});

describe('share links and search in Chromium (issue 6)', () => {
  it('share buttons are links carrying the encoded post URL that open a new tab without an opener', async () => {
    const { page, errors } = await openPage(browser);
    const postUrl = `${store.siteUrl()}${POST_PATH}`;
    await page.goto(postUrl, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const links = page.locator('a.content-share__link');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    const encoded = encodeURIComponent(postUrl);
    const expected: Record<string, string> = {
      'Share on Facebook': `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
      'Share on X': `https://twitter.com/intent/tweet?url=${encoded}&text=`,
      'Share on Pinterest': `https://www.pinterest.com/pin/create/button/?url=${encoded}&media=`,
    };
    for (const [name, prefix] of Object.entries(expected)) {
      const link = page.getByRole('link', { name });
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');
    }

    await page
      .context()
      .route('https://www.facebook.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>share</title>' }));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Share on Facebook' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(expected['Share on Facebook']);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(postUrl);
    expect(errors).toEqual([]);
  });

  it('the header search box shows results for a query and says when nothing matches', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(store.siteUrl(), { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const box = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search this site' });
    await box.fill('linen');
    await Promise.all([page.waitForURL(/\/search\?q=linen$/), box.press('Enter')]);
    await expect(page.locator('.search-page__count').textContent()).resolves.toBe('2 results for “linen”');
    const titles = await page.locator('.search-result__title a').allTextContents();
    expect(titles).toEqual(['Linen Camp Shirt', 'Why we wash our linen twice before it reaches you']);
    await expect(page.getByRole('searchbox', { name: 'Search terms' }).inputValue()).resolves.toBe('linen');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'content-search-results');

    await page.getByRole('searchbox', { name: 'Search terms' }).fill('zzqxqy');
    await Promise.all([page.waitForURL(/\/search\?q=zzqxqy$/), page.getByRole('button', { name: 'Search' }).click()]);
    await expect(page.locator('.search-page__count').textContent()).resolves.toBe('0 results for “zzqxqy”');
    expect(await page.locator('.search-result').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('gallery designs on the studio page in Chromium (issue 6)', () => {
  it('grid follows thumbnails per row, padding, aspect ratio and show-meta', async () => {
    const { page, errors } = await openStudio(
      { design: 'grid', 'thumbnails-per-row': 2, padding: 8, 'aspect-ratio': 'widescreen', 'show-meta': false },
      'grid',
    );
    const grid = page.locator('.content-gallery--grid');
    const style = await grid.evaluate((el) => ({ columns: getComputedStyle(el).gridTemplateColumns.split(' ').length, gap: getComputedStyle(el).columnGap }));
    expect(style).toEqual({ columns: 2, gap: '8px' });
    const box = await grid.locator('img').first().boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    expect(await page.locator('.content-gallery__meta').count()).toBe(0);
    expect(errors).toEqual([]);

    const again = await openStudio({ design: 'grid', 'thumbnails-per-row': 3, padding: 30, 'show-meta': true }, 'grid-meta');
    const columns = await again.page
      .locator('.content-gallery--grid')
      .evaluate((el) => ({ n: getComputedStyle(el).gridTemplateColumns.split(' ').length, gap: getComputedStyle(el).columnGap }));
    expect(columns).toEqual({ n: 3, gap: '30px' });
    expect(await again.page.locator('.content-gallery__meta-title').count()).toBeGreaterThan(0);
  });

  it('slideshow shows one slide with controls and an autoplay toggle, and neither when both are off', async () => {
    const { page, errors } = await openStudio({ design: 'slideshow', autoplay: true, 'autoplay-duration': 10, controls: true }, 'slideshow');
    const show = page.locator('.content-gallery--slideshow');
    expect(await show.locator('figure[aria-roledescription="slide"]:visible').count()).toBe(1);
    await expect(show.locator('.content-gallery__status').textContent()).resolves.toMatch(/^Slide 1 of \d+/);
    await show.getByRole('button', { name: 'Next slide' }).click();
    await expect(show.locator('.content-gallery__status').textContent()).resolves.toMatch(/^Slide 2 of \d+/);
    expect(await show.getByRole('button', { name: /Pause slideshow|Play slideshow/ }).count()).toBe(1);
    expect(errors).toEqual([]);

    const plain = await openStudio({ design: 'slideshow', autoplay: false, controls: false }, 'slideshow-plain');
    const bare = plain.page.locator('.content-gallery--slideshow');
    expect(await bare.getByRole('button', { name: 'Next slide' }).count()).toBe(0);
    expect(await bare.getByRole('button', { name: /slideshow/ }).count()).toBe(0);
  });

  it('slider follows its aspect ratio and shows controls', async () => {
    const { page, errors } = await openStudio({ design: 'slider', 'aspect-ratio': 'standard-vertical', controls: true, autoplay: false }, 'slider');
    const slider = page.locator('.content-gallery--slider');
    const box = await slider.locator('img').first().boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(2 / 3, 1);
    expect(await slider.getByRole('button', { name: 'Next slides' }).count()).toBe(1);
    const before = await slider.getByRole('list', { name: 'Slides' }).evaluate((el) => el.scrollLeft);
    await slider.getByRole('button', { name: 'Next slides' }).click();
    await expect.poll(() => slider.getByRole('list', { name: 'Slides' }).evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    expect(errors).toEqual([]);

    const square = await openStudio({ design: 'slider', 'aspect-ratio': 'square', controls: false }, 'slider-square');
    const squareBox = await square.page.locator('.content-gallery--slider img').first().boundingBox();
    expect(squareBox!.width / squareBox!.height).toBeCloseTo(1, 1);
    expect(await square.page.getByRole('button', { name: 'Next slides' }).count()).toBe(0);
  });

  it('stacked follows show-meta and max width', async () => {
    const { page, errors } = await openStudio({ design: 'stacked', 'show-meta': true, 'max-width': 100 }, 'stacked');
    const stacked = page.locator('.content-gallery--stacked');
    expect(await stacked.locator('.content-gallery__meta-title').count()).toBe(await stacked.locator('li').count());
    const box = await stacked.locator('img').first().boundingBox();
    expect(Math.round(box!.width)).toBeLessThanOrEqual(800);
    expect(errors).toEqual([]);

    const bare = await openStudio({ design: 'stacked', 'show-meta': false, 'max-width': 300 }, 'stacked-no-meta');
    expect(await bare.page.locator('.content-gallery--stacked .content-gallery__meta').count()).toBe(0);
    const wide = await bare.page.locator('.content-gallery--stacked img').first().boundingBox();
    expect(wide!.width).toBeGreaterThanOrEqual(box!.width);
  });
});
