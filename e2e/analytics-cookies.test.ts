import { eq, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { websites } from '../packages/server/src/db/schema.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const DAY_S = 86_400;
/** Chromium keeps no cookie longer than 400 days (RFC 6265bis), so the 2-year cookies show 400 here; the unit tests check the Max-Age written. */
const BROWSER_CAP_DAYS = 400;

/** The collector's cookies and storage keys as the page sees them, after the page has loaded (module scripts have run). */
async function stateOf(page: Page) {
  const cookies = Object.fromEntries((await page.context().cookies(page.url())).map((c) => [c.name, c]));
  const storage = await page.evaluate(() => ({
    local: {
      id: localStorage.getItem('SS_ANALYTICS_ID'),
      expiration: localStorage.getItem('SS_ANALYTICS_EXPIRATION'),
      landed: localStorage.getItem('SS_HAS_LANDED'),
    },
    session: { firstSession: sessionStorage.getItem('SS_IS_FIRST_SESSION') },
  }));
  return { cookies, ...storage };
}

function lifetimeDays(cookie: { expires: number } | undefined): number {
  return cookie ? Math.round((cookie.expires - Date.now() / 1000) / DAY_S) : Number.NaN;
}

async function visit(context: BrowserContext, url: string, page?: Page): Promise<Page> {
  const tab = page ?? (await context.newPage());
  await tab.goto(url, { waitUntil: 'load' });
  return tab;
}

describe('analytics collector cookies in Chromium (issue 13 acceptance 3; spec 4, 6 and 9)', () => {
  const env = useStoreAndBrowser();

  it('gives a visitor the spec 9 cookies and keys under the open policy', async () => {
    const context = await env.browser.newContext();
    const page = await visit(context, `${env.store.siteUrl()}/shop/linen-camp-shirt`);
    const { cookies, local, session } = await stateOf(page);
    expect(cookies.ss_cvr?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(lifetimeDays(cookies.ss_cvr)).toBe(Math.min(730, BROWSER_CAP_DAYS));
    expect(lifetimeDays(cookies.SS_MID)).toBe(Math.min(730, BROWSER_CAP_DAYS));
    expect((cookies.ss_cvt!.expires - Date.now() / 1000) / 60).toBeCloseTo(30, 0);
    expect(lifetimeDays(cookies.SS_ANALYTICS_ID)).toBe(390);
    expect(local.id).toBe(cookies.SS_ANALYTICS_ID!.value);
    expect(Math.round((Date.parse(local.expiration!) - Date.now()) / 1000 / DAY_S)).toBe(390);
    expect(cookies.SS_SESSION_ID?.expires).toBe(-1);
    expect(local.landed).toBe('true');
    expect(session.firstSession).toBe('true');
    await context.close();
  });

  it('takes the analytics id from the cookie, then local storage until its date, else a new one (spec 4)', async () => {
    const context = await env.browser.newContext();
    const base = env.store.siteUrl();
    const page = await visit(context, `${base}/`);
    const first = (await stateOf(page)).cookies.SS_ANALYTICS_ID!.value;

    await context.clearCookies({ name: 'SS_ANALYTICS_ID' });
    await visit(context, `${base}/about`, page);
    const fromLocal = await stateOf(page);
    expect(fromLocal.cookies.SS_ANALYTICS_ID?.value).toBe(first);

    await page.evaluate(() => localStorage.setItem('SS_ANALYTICS_ID', 'planted-local-id'));
    await visit(context, `${base}/`, page);
    expect((await stateOf(page)).cookies.SS_ANALYTICS_ID?.value).toBe(first);

    await context.clearCookies({ name: 'SS_ANALYTICS_ID' });
    await page.evaluate(() => localStorage.setItem('SS_ANALYTICS_EXPIRATION', new Date(Date.now() - 60_000).toUTCString()));
    await visit(context, `${base}/about`, page);
    const renewed = await stateOf(page);
    expect(renewed.cookies.SS_ANALYTICS_ID?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewed.cookies.SS_ANALYTICS_ID?.value).not.toBe(first);
    expect(renewed.local.id).toBe(renewed.cookies.SS_ANALYTICS_ID?.value);
    await context.close();
  });

  it('flags the first session on the first landing, keeps it in the tab, and not in a later tab (spec 4)', async () => {
    const context = await env.browser.newContext();
    const base = env.store.siteUrl();
    const tab = await visit(context, `${base}/`);
    await visit(context, `${base}/about`, tab);
    const sameTab = await stateOf(tab);
    expect(sameTab.session.firstSession).toBe('true');
    const sessionId = sameTab.cookies.SS_SESSION_ID!.value;

    const laterTab = await visit(context, `${base}/shop`);
    const later = await stateOf(laterTab);
    expect(later.session.firstSession).toBe('false');
    expect(later.cookies.SS_SESSION_ID?.value).toBe(sessionId);
    await context.close();
  });

  it('under the restrictive policy clears the five ss_c cookies, and stores nothing identifying (spec 6)', async () => {
    const db = env.store.app.emporium.db;
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} || '{"restrictiveCookiePolicy": true}'::jsonb` })
      .where(eq(websites.identifier, 'journal'));
    const base = env.store.siteUrl('journal');
    const context = await env.browser.newContext();
    const planted = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt', 'SS_MID', 'SS_ANALYTICS_ID', 'SS_SESSION_ID'];
    await context.addCookies(planted.map((name) => ({ name, value: '0123456789abcdef', url: base })));

    const page = await visit(context, `${base}/`);
    expect(await page.evaluate(() => document.body.dataset.cookiePolicy)).toBe('restrictive');
    const { cookies, local } = await stateOf(page);
    expect(Object.keys(cookies).filter((name) => planted.includes(name))).toEqual([]);
    expect(Object.keys(cookies).filter((name) => name.startsWith('ss_c'))).toEqual([]);
    expect(local.id).toBeNull();
    expect(local.expiration).toBeNull();
    expect(cookies.crumb).toBeDefined();
    await visit(context, `${base}/readings`, page);
    expect(Object.keys((await stateOf(page)).cookies).filter((name) => planted.includes(name))).toEqual([]);
    await context.close();
  });
});
