import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture } from '../../test-support/fixtures.js';
import { enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import type { Website } from '../sites/index.js';
import { ADDRESSES_PATH, AddressMessages, MAX_SAVED_ADDRESSES, OWN_RESTOCK_PATH } from './index.js';

type Shopper = Awaited<ReturnType<typeof signedInShopper>>;
const home = { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Rue Haute', city: 'Lyon', postalCode: '69001', country: 'fr', phone: '+33 6 12' };

describe.each(availableDialects())('the account area: saved addresses and restock sign-ups on %s (issue 28)', (dialect) => {
  let t: TestApp;
  let a: Website;
  let ada: Shopper;
  let bob: Shopper;
  const xsrf = (s: Shopper) => ({ 'x-siteuser-xsrf-token': s.xsrfToken });

  beforeAll(async () => {
    const testDb = await createTestDb({ dialect });
    t = await createTestApp({ testDb, config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    a = await t.createSite({ identifier: 'records-a', title: 'Records' });
    await enableAccounts(t.testDb.db, a.id);
    ada = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'ada@example.com');
    bob = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'bob@example.com');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await t.testDb.close();
  });

  it('adds, lists, edits and deletes addresses by JSON with the XSRF header; the first is the default; another person gets 404', async () => {
    expect((await ada.browser.send('POST', ADDRESSES_PATH, { json: { address: home } })).statusCode).toBe(403);
    const first = await ada.browser.send('POST', ADDRESSES_PATH, { json: { address: home }, headers: xsrf(ada) });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ isDefault: true, address: { country: 'FR', address2: '' } });
    const incomplete = await ada.browser.send('POST', ADDRESSES_PATH, { json: { address: { firstName: 'Ada' } }, headers: xsrf(ada) });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors['address.city']).toBe('Required');
    const second = await ada.browser.send('POST', ADDRESSES_PATH, {
      json: { address: { ...home, address1: '1 Work Street' }, isDefault: true },
      headers: xsrf(ada),
    });
    const list = (await ada.browser.send('GET', ADDRESSES_PATH)).json().addresses;
    expect(list.map((x: { address: { address1: string } }) => x.address.address1)).toEqual(['1 Work Street', '12 Rue Haute']);
    expect((await bob.browser.send('GET', ADDRESSES_PATH)).json().addresses).toEqual([]);
    const id = second.json().id;
    expect((await bob.browser.send('PUT', `${ADDRESSES_PATH}/${id}`, { json: { address: home }, headers: xsrf(bob) })).statusCode).toBe(404);
    const edited = await ada.browser.send('PUT', `${ADDRESSES_PATH}/${id}`, { json: { address: { ...home, city: 'Paris' } }, headers: xsrf(ada) });
    expect(edited.json().address.city).toBe('Paris');
    expect((await bob.browser.send('DELETE', `${ADDRESSES_PATH}/${id}`, { headers: xsrf(bob) })).statusCode).toBe(404);
    expect((await ada.browser.send('DELETE', `${ADDRESSES_PATH}/${id}`, { headers: xsrf(ada) })).json().message).toBe(AddressMessages.DELETED);
    const left = (await ada.browser.send('GET', ADDRESSES_PATH)).json().addresses;
    expect(left).toHaveLength(1);
    expect(left[0].isDefault).toBe(true);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const carl = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'carl@example.com');
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i += 1) await carl.browser.send('POST', ADDRESSES_PATH, { json: { address: home }, headers: xsrf(carl) });
    const over = await carl.browser.send('POST', ADDRESSES_PATH, { json: { address: home }, headers: xsrf(carl) });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(AddressMessages.TOO_MANY);
  }, 60_000);

  it('manages addresses from the account pages with the crumb and the xsrfToken field, escaping what it shows', async () => {
    const added = await bob.browser.send('POST', '/account/addresses', { form: { ...home, address1: '<b>9 Rue</b>', xsrfToken: bob.xsrfToken } });
    expect(added.statusCode, added.body).toBe(303);
    const page = await bob.browser.send('GET', '/account');
    expect(page.body).toContain('&lt;b&gt;9 Rue&lt;/b&gt;');
    expect(page.body).not.toContain('<b>9 Rue');
    const [saved] = (await bob.browser.send('GET', ADDRESSES_PATH)).json().addresses;
    expect((await bob.browser.send('GET', `/account/addresses/${saved.id}`)).body).toContain('value="Lyon"');
    expect((await bob.browser.send('POST', `/account/addresses/${saved.id}`, { form: { ...home, city: 'Nice' } })).statusCode).toBe(403);
    const missing = await bob.browser.send('POST', `/account/addresses/${saved.id}`, { form: { ...home, city: '', xsrfToken: bob.xsrfToken } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('role="alert"');
    expect((await bob.browser.send('POST', `/account/addresses/${saved.id}`, { form: { ...home, city: 'Nice', xsrfToken: bob.xsrfToken } })).statusCode).toBe(
      303,
    );
    expect((await ada.browser.send('GET', `/account/addresses/${saved.id}`)).statusCode).toBe(404);
    expect((await bob.browser.send('POST', `/account/addresses/${saved.id}/delete`, { form: { xsrfToken: bob.xsrfToken } })).statusCode).toBe(303);
    expect((await bob.browser.send('GET', ADDRESSES_PATH)).json().addresses).toEqual([]);
  });

  it('lists the person’s own restock sign-ups by cursor until hasNextPage is false, and withdraws one', async () => {
    const product = await createProductFixture(t.testDb.db, a.id, { title: 'Wool hat' });
    for (let i = 0; i < 25; i += 1) {
      const email = i % 5 === 0 ? 'bob@example.com' : ' ADA@example.com';
      await t.testDb.db.execute(
        sql`INSERT INTO restock_signups (website_id, product_id, variant_id, email, created_at) VALUES (${a.id}, ${product.itemId}, ${`v${i}`}, ${email}, now() - ${`${i} minutes`}::interval)`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await ada.browser.send('GET', `${OWN_RESTOCK_PATH}?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json() as { signUps: { id: string; email: string; productName: string }[]; hasNextPage: boolean; nextPageCursor: string | null };
      seen.push(...body.signUps.map((s) => s.id));
      for (const s of body.signUps) expect(s.email.trim().toLowerCase()).toBe('ada@example.com');
      cursor = body.hasNextPage ? body.nextPageCursor : null;
      pages += 1;
    } while (cursor);
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
    expect(pages).toBe(3);
    const page = await ada.browser.send('GET', '/account');
    expect(page.body).toContain('Back-in-stock notices');
    expect(page.body).toContain('Older sign-ups');
    expect((await bob.browser.send('DELETE', `${OWN_RESTOCK_PATH}/${seen[0]}`, { headers: xsrf(bob) })).statusCode).toBe(404);
    expect((await ada.browser.send('POST', `/account/restock/${seen[1]}/delete`, { form: { xsrfToken: ada.xsrfToken } })).statusCode).toBe(303);
    expect((await ada.browser.send('DELETE', `${OWN_RESTOCK_PATH}/${seen[0]}`, { headers: xsrf(ada) })).statusCode).toBe(200);
    expect((await ada.browser.send('GET', `${OWN_RESTOCK_PATH}?limit=100`)).json().signUps).toHaveLength(18);
  });
});
