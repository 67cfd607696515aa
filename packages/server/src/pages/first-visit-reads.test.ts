import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VERSION_LEASE_MS, pageVersionFenceOf, websites } from '../db/index.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { PageCache } from './page-cache/index.js';

/** A cookie that makes the page cache step aside, so every request builds its page. */
const BYPASS = 'ss_unlock_first_visit=1';
const SITE_STATE = /jsonb_build_object\('theme'/;
const PAGE_VERSION = /^select "page_version" from "websites"/;

let t: PagesTestApp;
let siteId: string;
/** Statements the app sent since the last {@link sent} reset. */
let statements: string[] = [];

beforeAll(async () => {
  t = await createPagesTestApp();
  siteId = (await t.context('demo', '/')).json.website.id as string;
  const client = (t.testDb.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const text = args[0] as string | { text?: string };
    statements.push(typeof text === 'string' ? text : String(text?.text ?? ''));
    return query(...args);
  };
}, 120_000);
afterAll(() => t?.close());

/** The page at `path` as a site's first visit: the resolver has no answer for it. */
async function firstVisit(path: string) {
  t.app.emporium.resolver.invalidate();
  statements = [];
  const page = await t.get('demo', path, { cookie: BYPASS });
  expect(page.statusCode).toBe(200);
  expect(page.headers['x-page-cache']).toBe('bypass');
  return { page, sent: statements };
}

describe("a site's first visit reads the site's versions with the site (decision 0028, issue 30)", () => {
  it('sends no statement of its own for the content version and look settings: the resolver read them with the site', async () => {
    // Content and page versions move, so no read is left from an earlier request.
    await t.testDb.db.execute(sql`UPDATE websites SET content_version = content_version + 1 WHERE id = ${siteId}`);
    const { sent } = await firstVisit('/');
    expect(sent.filter((s) => /from "websites"/.test(s) && !PAGE_VERSION.test(s)).length, 'the resolver reads the website once').toBe(1);
    expect(sent.some((s) => SITE_STATE.test(s))).toBe(false);
    expect(sent.filter((s) => PAGE_VERSION.test(s)).length).toBeLessThanOrEqual(1);
  });

  it('still shows a look change made while the resolver kept an older copy of the site', async () => {
    await t.get('demo', '/', { cookie: BYPASS });
    const [row] = await t.testDb.db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, siteId));
    const changed = { ...row!.settings, themeTweaks: { default: { accentColor: '#123456' } } };
    await t.testDb.db.update(websites).set({ settings: changed }).where(eq(websites.id, siteId));
    // The resolver's copy is from before the change; the page reads the look at the new page version.
    statements = [];
    const page = await t.get('demo', '/', { cookie: BYPASS });
    expect(statements.some((s) => SITE_STATE.test(s))).toBe(true);
    expect(page.body).toContain('#123456');
    await t.testDb.db.update(websites).set({ settings: row!.settings }).where(eq(websites.id, siteId));
  });

  it('on PostgreSQL takes the version the resolver read as a page-version read for the lease after it was sent; on PGlite changes nothing', async () => {
    const db = t.testDb.db;
    let clock = 1000;
    const cache = new PageCache({ monotonicNow: () => clock });
    cache.observeVersion(db, siteId, 41, clock - 1);
    if (!pageVersionFenceOf(db)) {
      expect(cache.pageVersion(db, siteId), 'PGlite reads its own version').toBeInstanceOf(Promise);
      return;
    }
    expect(cache.pageVersion(db, siteId), 'within the lease the observed read is used').toBe(41);
    cache.observeVersion(db, siteId, 40, clock - 2);
    expect(cache.pageVersion(db, siteId), 'an older read does not replace a newer one').toBe(41);
    clock += PAGE_VERSION_LEASE_MS;
    expect(cache.pageVersion(db, siteId), 'past the lease a new read is sent').toBeInstanceOf(Promise);
    const stale = new PageCache({ monotonicNow: () => clock });
    stale.observeVersion(db, siteId, 41, clock - PAGE_VERSION_LEASE_MS);
    expect(stale.pageVersion(db, siteId), 'a read sent a lease ago or more is not taken').toBeInstanceOf(Promise);
  });
});
