import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, restockSignups, variants } from '../db/schema.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';
import { encodeCursor } from '../http/page-cursor.js';
import type { Website } from '../sites/website.js';
import { createProductFixture, type ProductFixture } from '../../test-support/fixtures.js';

const OWNER_TOKEN = 'owner-token-for-restock-tests';
const PATH = '/api/site-users/account/notifications/restock';

interface ReceivedMail {
  to: string[];
  raw: string;
}

async function startSmtp(): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe('restock sign-ups and back-in-stock mail (spec 3, 5, 7, 8 Restock)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: FormsTestApp;
  let site: Website;
  let other: Website;
  let shirt: ProductFixture;
  let hat: ProductFixture;
  const owner = { headers: { authorization: `Bearer ${OWNER_TOKEN}` } };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createFormsTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, ownerToken: OWNER_TOKEN, outboxPollMs: 60_000, signUpsPerClient: 100_000 });
    site = await t.createSite({ identifier: 'restock-a', title: 'Restock <A>' });
    other = await t.createSite({ identifier: 'restock-b', title: 'Restock B' });
    shirt = await createProductFixture(t.testDb.db, site.id, { qtyInStock: 0, title: 'Linen <b>shirt</b>' });
    hat = await createProductFixture(t.testDb.db, site.id, { qtyInStock: 0, title: 'Hat' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  const signUp = (email: string, product: ProductFixture = shirt, extra: Record<string, unknown> = {}, target: Website = site) =>
    t.call(target, 'POST', PATH, { isJoinMailingList: false, productId: product.itemId, variantId: product.variantId, siteVisitorEmail: email, ...extra });

  it("refuses a blank email with 'Email cannot be blank' and a bad one with 'Email is invalid'", async () => {
    for (const blank of ['', '   ']) {
      const response = await signUp(blank);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Email cannot be blank');
    }
    for (const bad of ['nope', 'a@b', 'x@example.toolongtld', `${'a'.repeat(250)}@example.com`]) {
      const response = await signUp(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Email is invalid');
    }
  });

  it('refuses unknown variants and variants of another site', async () => {
    expect((await signUp('a@example.com', { ...shirt, variantId: 'missing' })).statusCode).toBe(404);
    expect((await signUp('a@example.com', shirt, {}, other)).statusCode).toBe(404);
  });

  it('stores 20 concurrent identical sign-ups once', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => signUp('same@example.com', hat, { isJoinMailingList: true })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.testDb.db
      .select()
      .from(restockSignups)
      .where(and(eq(restockSignups.websiteId, site.id), eq(restockSignups.email, 'same@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.joinMailingList).toBe(true);
  });

  it('lets only the owner list groups and sign-ups, paged with cursors', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signUp(`visitor${i}@example.com`, shirt, { language: 'fr-CA' })).statusCode).toBe(200);
    expect((await t.call(site, 'GET', `${PATH}/groups`)).statusCode).toBe(401);
    expect((await t.call(site, 'GET', PATH)).statusCode).toBe(401);
    const groups = await t.call(site, 'GET', `${PATH}/groups?limit=1`, undefined, owner);
    expect(groups.statusCode).toBe(200);
    const first = groups.json();
    expect(first.signUpGroups).toHaveLength(1);
    expect(first.hasNextPage).toBe(true);
    const second = (await t.call(site, 'GET', `${PATH}/groups?limit=1&cursor=${first.nextPageCursor}`, undefined, owner)).json();
    expect(second.hasNextPage).toBe(false);
    expect(second.nextPageCursor).toBeNull();
    const all = [...first.signUpGroups, ...second.signUpGroups];
    expect(all.find((g: { variantId: string }) => g.variantId === shirt.variantId)).toMatchObject({ productName: 'Linen <b>shirt</b>', pendingCount: 5 });
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = (
        await t.call(site, 'GET', `${PATH}?productId=${shirt.itemId}&variantId=${shirt.variantId}&limit=2&cursor=${cursor}`, undefined, owner)
      ).json();
      seen.push(...page.signUps.map((s: { email: string }) => s.email));
      if (!page.hasNextPage) break;
      cursor = page.nextPageCursor;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `visitor${i}@example.com`));
    expect((await t.call(site, 'GET', `${PATH}?cursor=garbage`, undefined, owner)).statusCode).toBe(400);
    const forged = await t.call(site, 'GET', `${PATH}?cursor=${encodeCursor(['yesterday', 'x'])}`, undefined, owner);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('cursor is not valid.');
    expect((await t.call(site, 'GET', `${PATH}/groups?limit=many`, undefined, owner)).statusCode).toBe(400);
  });

  it('#24 names the product and SKU of each sign-up instead of the variant id', async () => {
    const page = (await t.call(site, 'GET', `${PATH}?productId=${shirt.itemId}&variantId=${shirt.variantId}&limit=1`, undefined, owner)).json();
    const [variant] = await t.testDb.db.select({ sku: variants.sku }).from(variants).where(eq(variants.id, shirt.variantId));
    expect(page.signUps[0]).toMatchObject({ variantId: shirt.variantId, productName: 'Linen <b>shirt</b>', sku: variant!.sku });
  });

  it('mails each sign-up exactly once through the outbox and SMTP; sending again sends nothing', async () => {
    const body = {
      sendRequests: [
        { productId: shirt.itemId, variantId: shirt.variantId },
        { productId: hat.itemId, variantId: hat.variantId },
      ],
    };
    const [a, b] = await Promise.all([t.call(site, 'POST', `${PATH}/send/all`, body, owner), t.call(site, 'POST', `${PATH}/send/all`, body, owner)]);
    expect(a.json().notifiedCount + b.json().notifiedCount).toBe(6);
    await t.outbox.sender!.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(6);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(['same@example.com', ...[0, 1, 2, 3, 4].map((i) => `visitor${i}@example.com`)].sort());
    const shirtMail = smtp.received.find((m) => m.to[0] === 'visitor0@example.com')!.raw;
    expect(shirtMail).toContain('Linen &lt;b&gt;shirt&lt;/b&gt;');
    expect(shirtMail).not.toContain('<b>shirt</b></strong>');
    const rows = await t.testDb.db.select().from(outbox).where(eq(outbox.websiteId, site.id));
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('sent'));

    const again = await t.call(site, 'POST', `${PATH}/send/all`, body, owner);
    expect(again.json().notifiedCount).toBe(0);
    const single = await t.call(site, 'POST', `${PATH}/send`, { productId: shirt.itemId, variantId: shirt.variantId }, owner);
    expect(single.json().notifiedCount).toBe(0);
    expect(await t.outbox.sender!.flush()).toBe(0);
    expect(smtp.received).toHaveLength(6);
  });

  it('takes a new sign-up after the visitor was notified, and refuses malformed send requests', async () => {
    expect((await signUp('visitor0@example.com')).statusCode).toBe(200);
    const groups = (await t.call(site, 'GET', `${PATH}/groups`, undefined, owner)).json();
    expect(groups.signUpGroups.find((g: { variantId: string }) => g.variantId === shirt.variantId)).toMatchObject({ pendingCount: 1, notifiedCount: 5 });
    expect((await t.call(site, 'POST', `${PATH}/send/all`, { sendRequests: 'all' }, owner)).statusCode).toBe(400);
    expect((await t.call(site, 'POST', `${PATH}/send`, {}, owner)).statusCode).toBe(400);
    expect((await t.call(site, 'POST', `${PATH}/send`, { productId: shirt.itemId, variantId: shirt.variantId })).statusCode).toBe(401);
  });
});
