import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { captchaProviderFor } from '../captcha/index.js';
import { orders, websites } from '../db/index.js';
import { DraftPaths } from '../drafts/index.js';
import { sealingKeySource } from '../sealing/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { SiteSettingsMessages as M, SiteSettingsPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const JOURNAL_HOST = `${JOURNAL_IDENTIFIER}.localhost`;
const visitorForm = (overrides: Record<string, unknown> = {}) => ({
  faviconUrl: '',
  socialImageUrl: '',
  socialAccounts: [],
  cookieBanner: { enabled: false, text: '', policyUrl: '' },
  ...overrides,
});

describe('Site settings (issue 26 item 4; spec 3 store setup, spec 8 setup texts)', () => {
  let t: PagesTestApp;
  let demo: Website;
  let journal: Website;
  let admin: OwnerClient;
  let manager: OwnerClient;
  let editor: OwnerClient;
  let journalAdmin: OwnerClient;
  let verifier: Server;
  const verifyBodies: string[] = [];

  beforeAll(async () => {
    verifier = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        verifyBodies.push(body);
        response.setHeader('content-type', 'application/json').end(JSON.stringify({ success: true }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    t = await createPagesTestApp({ config: { recaptchaVerifyUrl: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify` } });
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    for (const role of ['admin', 'website-manager', 'editor'] as const) await makeOwner(db, demo.id, `${role}@site-settings.test`, role);
    await makeOwner(db, journal.id, 'admin@journal-settings.test', 'admin');
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@site-settings.test');
    manager = await signInOwner(t.app, DEMO_HOST, 'website-manager@site-settings.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@site-settings.test');
    journalAdmin = await signInOwner(t.app, JOURNAL_HOST, 'admin@journal-settings.test');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    verifier?.close();
  });

  it('answers the store configuration with the spec 9 defaults, proof-of-work captcha and nothing drafted', async () => {
    const response = await admin.call('GET', P.SETTINGS);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const body = response.json();
    expect(body.store).toMatchObject({ timeZone: 'America/New_York', locale: 'en-US', currency: 'USD', hasOrders: false });
    expect(body.store.productCount).toBeGreaterThan(0);
    expect(body.captcha).toEqual({
      enabled: false,
      provider: 'pow',
      siteKey: '',
      projectId: '',
      minScore: 0.5,
      secretSet: false,
      apiKeySet: false,
      ready: true,
    });
    expect(body.visitor).toEqual({ ...visitorForm(), drafted: false });
  });

  it("lists the runtime's time zones and ISO 4217 currencies", async () => {
    const { timeZones, currencies } = (await admin.call('GET', P.CHOICES)).json();
    expect(timeZones[0]).toBe('UTC');
    expect(timeZones).toEqual(expect.arrayContaining(['Europe/Paris', 'America/New_York', 'Asia/Tokyo']));
    expect(currencies).toEqual(expect.arrayContaining(['USD', 'EUR', 'JPY']));
  });

  it('saves the time zone and locale at once: the next page shows them without publishing', async () => {
    // The locale is the language of a site in one language; the demo speaks French too (its
    // languages then name the language of each page), so this test sets them aside.
    const db = t.testDb.db;
    const [before] = await db
      .select({ languages: sql<unknown>`${websites.settings}->'languages'` })
      .from(websites)
      .where(eq(websites.id, demo.id));
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} - 'languages'` })
      .where(eq(websites.id, demo.id));
    try {
      const saved = await manager.call('PUT', P.STORE, { timeZone: 'Europe/Paris', locale: 'fr-FR', currency: 'USD' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ timeZone: 'Europe/Paris', locale: 'fr-FR', currency: 'USD' });
      const { json } = await t.context(DEMO_SHOP_IDENTIFIER, '/');
      expect(json.website).toMatchObject({ timeZone: 'Europe/Paris', language: 'fr-FR' });
      expect((await manager.call('PUT', P.STORE, { timeZone: 'America/New_York', locale: 'en-US', currency: 'USD' })).statusCode).toBe(200);
    } finally {
      if (before?.languages)
        await db
          .update(websites)
          .set({ settings: sql`jsonb_set(${websites.settings}, '{languages}', ${JSON.stringify(before.languages)}::jsonb)` })
          .where(eq(websites.id, demo.id));
    }
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus', locale: 'en-US', currency: 'USD' }, M.BAD_TIME_ZONE],
    ['locale', { timeZone: 'UTC', locale: 'english', currency: 'USD' }, M.BAD_LOCALE],
    ['currency', { timeZone: 'UTC', locale: 'en-US', currency: 'XYZ' }, M.BAD_CURRENCY],
  ])('refuses a bad %s with its message', async (field, body, message) => {
    const response = await admin.call('PUT', P.STORE, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('changes the currency over products only when confirmed (prices are not converted), and never once the store has orders', async () => {
    const unconfirmed = await admin.call('PUT', P.STORE, { timeZone: 'America/New_York', locale: 'en-US', currency: 'EUR' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(M.CURRENCY_NEEDS_CONFIRMATION);
    const confirmed = await admin.call('PUT', P.STORE, { timeZone: 'America/New_York', locale: 'en-US', currency: 'EUR', confirmCurrencyChange: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().currency).toBe('EUR');
    await t.testDb.db.insert(orders).values({ websiteId: demo.id, orderNumber: 9901, status: 'PAID', currency: 'EUR', grandTotalCents: 1_000 });
    const refused = await admin.call('PUT', P.STORE, { timeZone: 'America/New_York', locale: 'en-US', currency: 'USD', confirmCurrencyChange: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.CURRENCY_HAS_ORDERS);
    expect((await admin.call('PUT', P.STORE, { timeZone: 'UTC', locale: 'en-US', currency: 'EUR' })).statusCode).toBe(200);
    await t.testDb.db.delete(orders).where(eq(orders.orderNumber, 9901));
  });

  it('stores captcha secrets sealed, never answers them, and opens them only to check a token', async () => {
    const saved = await admin.call('PUT', P.CAPTCHA, {
      enabled: true,
      provider: 'recaptcha',
      siteKey: 'site-key-1',
      projectId: '',
      minScore: 0.5,
      secret: 'top-secret-1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ provider: 'recaptcha', siteKey: 'site-key-1', secretSet: true, ready: true });
    expect(saved.body).not.toContain('top-secret-1');
    const read = await admin.call('GET', P.SETTINGS);
    expect(read.body).not.toContain('top-secret-1');
    const [row] = await t.testDb.db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, demo.id));
    expect(JSON.stringify(row!.settings)).not.toContain('top-secret-1');
    expect((row!.settings.captcha as Record<string, string>).secretSealed).toMatch(/^v1\./);
    const kept = await admin.call('PUT', P.CAPTCHA, { enabled: true, provider: 'recaptcha', siteKey: 'site-key-2', projectId: '', minScore: 0.7 });
    expect(kept.json()).toMatchObject({ siteKey: 'site-key-2', secretSet: true, minScore: 0.7 });
    const site = (await findWebsiteByIdentifier(t.testDb.db, DEMO_SHOP_IDENTIFIER))!;
    const provider = await captchaProviderFor(site, t.app.emporium.config, sealingKeySource(t.testDb.db, t.app.emporium.config));
    expect(await provider.verify({ db: t.testDb.db, websiteId: site.id, token: 'token-1', action: 'form_block' })).toEqual({ ok: true });
    expect(new URLSearchParams(verifyBodies.at(-1)).get('secret')).toBe('top-secret-1');
  });

  it('refuses reCAPTCHA without its keys, and reports a site left without them: "ReCaptcha has not been set up!"', async () => {
    const noSecret = await admin.call('PUT', P.CAPTCHA, { enabled: true, provider: 'recaptcha', siteKey: 'k', projectId: '', minScore: 0.5, secret: '' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields.secret).toBe(M.KEYS_NEED_SECRET);
    const noProject = await admin.call('PUT', P.CAPTCHA, { enabled: true, provider: 'recaptcha-enterprise', siteKey: 'k', projectId: '', minScore: 0.5 });
    expect(noProject.json().fields.projectId).toBe(M.KEYS_NEED_PROJECT);
    await t.testDb.db
      .update(websites)
      .set({ settings: { ...journal.settings, captcha: { provider: 'recaptcha-enterprise', enabled: true } } })
      .where(eq(websites.id, journal.id));
    t.app.emporium.resolver.invalidate();
    expect((await journalAdmin.call('GET', P.SETTINGS)).json().captcha.ready).toBe(false);
    const site = (await findWebsiteByIdentifier(t.testDb.db, JOURNAL_IDENTIFIER))!;
    await expect(captchaProviderFor(site, t.app.emporium.config, sealingKeySource(t.testDb.db, t.app.emporium.config))).rejects.toThrow(
      'ReCaptcha has not been set up!',
    );
    const back = await journalAdmin.call('PUT', P.CAPTCHA, { enabled: false, provider: 'pow', siteKey: '', projectId: '', minScore: 0.5 });
    expect(back.json()).toMatchObject({ provider: 'pow', ready: true });
  });

  it('drafts the favicon, social image, social accounts and cookie banner; visitors see them, escaped, once published', async () => {
    const form = visitorForm({
      faviconUrl: '/assets/icon.png?v=1&x="y"',
      socialImageUrl: 'https://cdn.example/social.jpg?a=1&b=2',
      socialAccounts: [{ network: 'instagram', url: 'https://instagram.com/fernandfield' }],
      cookieBanner: { enabled: true, text: 'We use cookies <to> count visits.', policyUrl: '/privacy' },
    });
    const saved = await manager.call('PUT', P.VISITOR, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...form, drafted: true });
    const before = (await t.get(DEMO_SHOP_IDENTIFIER, '/')).body;
    expect(before).not.toContain('icon.png');
    expect(before).not.toContain('data-cookie-banner');
    const drafts = (await manager.call('GET', DraftPaths.DRAFTS)).json();
    expect(JSON.stringify(drafts)).toContain('settings.cookieBanner');
    const again = await manager.call('PUT', P.VISITOR, form);
    expect(again.statusCode).toBe(200);
    expect((await manager.call('GET', DraftPaths.DRAFTS)).json()).toEqual(drafts);
    const published = await manager.call('POST', DraftPaths.PUBLISH, {});
    expect(published.statusCode, published.body).toBe(200);
    const html = (await t.get(DEMO_SHOP_IDENTIFIER, '/')).body;
    expect(html).toContain('<link rel="icon" href="/assets/icon.png?v=1&amp;x=&quot;y&quot;">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/social.jpg?a=1&amp;b=2">');
    expect(html).toMatch(/<section class="cookie-banner" aria-label="Cookie notice" data-cookie-banner hidden>/);
    expect(html).toContain('We use cookies &lt;to&gt; count visits. <a href="/privacy">Cookie policy</a>');
    expect(html).toMatch(
      /"@type":"Organization","name":"Fern \\u0026 Field","url":"http:\/\/demo\.localhost(:\d+)?\/","sameAs":\["https:\/\/instagram\.com\/fernandfield"\]/,
    );
    expect((await admin.call('GET', P.SETTINGS)).json().visitor).toEqual({ ...form, drafted: false });
  });

  it.each([
    ['faviconUrl', visitorForm({ faviconUrl: 'javascript:alert(1)' }), M.BAD_IMAGE],
    ['socialImageUrl', visitorForm({ socialImageUrl: '//evil.example/x.png' }), M.BAD_IMAGE],
    ['socialAccounts.0.url', visitorForm({ socialAccounts: [{ network: 'x', url: 'http://x.com/me' }] }), M.BAD_ACCOUNT],
    ['cookieBanner.text', visitorForm({ cookieBanner: { enabled: true, text: '', policyUrl: '' } }), M.BANNER_TEXT_REQUIRED],
    ['cookieBanner.policyUrl', visitorForm({ cookieBanner: { enabled: false, text: '', policyUrl: 'javascript:x' } }), M.BAD_LINK],
  ])('refuses a bad %s with its message', async (field, body, message) => {
    const response = await admin.call('PUT', P.VISITOR, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses roles without the settings, and keeps sites apart', async () => {
    const refused = await editor.call('PUT', P.STORE, { timeZone: 'UTC', locale: 'en-US', currency: 'EUR' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('settings:write');
    expect((await editor.call('PUT', P.VISITOR, visitorForm())).statusCode).toBe(403);
    const foreign = await admin.call('GET', P.SETTINGS, undefined, { 'x-emporium-site': JOURNAL_IDENTIFIER });
    expect([401, 403]).toContain(foreign.statusCode);
    const journalView = (await journalAdmin.call('GET', P.SETTINGS)).json();
    expect(journalView.visitor.faviconUrl).toBe('');
  });
});
