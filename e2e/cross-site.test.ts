import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, items, variants } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

/** One state-changing call an attacking page tries. */
interface Attack {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Path with real ids filled in. */
  path: string;
  body: Record<string, string | number | boolean>;
}

/** Every state-changing route the app has, as `METHOD /pattern`, read from Fastify's route tree. */
function stateChangingRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1]!.length / 4);
    stack.length = depth;
    stack[depth] = match[2]!;
    const path = stack
      .join('')
      .replace(/^\/(?=[^/])/, '/')
      .replace(/\/\//g, '/');
    const full = path.startsWith('/') ? path : `/${path}`;
    for (const method of match[3]!.split(', ')) {
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push(`${method} ${full}`);
    }
  }
  return routes;
}

/** The page another origin serves: it auto-submits a form per POST and fetches every call, plain and with an encoded path. */
function attackPage(target: string, attacks: Attack[]): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Win a prize</title></head><body><h1>Win a prize</h1>
<script>
const target = ${JSON.stringify(target)};
const attacks = ${JSON.stringify(attacks)};
const encoded = (path) => path.replace(/^\\/([a-z])/, (_, c) => '/%' + c.charCodeAt(0).toString(16));
const pending = [];
let frames = 0;
for (const attack of attacks) {
  for (const path of [attack.path, encoded(attack.path)]) {
    const url = target + path;
    const json = JSON.stringify({ ...attack.body, crumb: 'A'.repeat(44) });
    pending.push(fetch(url, { method: attack.method, mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: json }).catch(() => null));
    pending.push(fetch(url, { method: attack.method, credentials: 'include', headers: { 'content-type': 'application/json', 'x-csrf-token': 'A'.repeat(44) }, body: json }).catch(() => null));
    if (attack.method !== 'POST') continue;
    for (const enctype of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data']) {
      const name = 'frame' + frames++;
      const frame = document.createElement('iframe');
      frame.name = name;
      document.body.append(frame);
      const form = document.createElement('form');
      form.method = 'post';
      form.action = url;
      form.target = name;
      form.enctype = enctype;
      for (const [key, value] of Object.entries({ ...attack.body, crumb: 'A'.repeat(44) })) {
        const input = document.createElement('input');
        input.name = key;
        input.value = String(value);
        form.append(input);
      }
      document.body.append(form);
      pending.push(new Promise((resolve) => { frame.onload = resolve; setTimeout(resolve, 8000); }));
      form.submit();
    }
  }
}
Promise.all(pending).then(() => { document.title = 'done'; });
</script></body></html>`;
}

/** Row counts and a content digest of every table: equal digests mean nothing changed. */
async function databaseDigest(store: RunningStore): Promise<Record<string, string>> {
  const db = store.app.emporium.db;
  const tables = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const result = (await db.execute(
      sql.raw(`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`),
    )) as unknown as { rows: { n: string; h: string }[] };
    digest[table] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return digest;
}

describe('a page on another origin cannot change anything (CSRF, issue 10)', () => {
  let store: RunningStore;
  let browser: Browser;
  let attacker: Server;
  let attackerOrigin: string;
  let attacks: Attack[];
  const reached: { method: string; url: string; status: number }[] = [];

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    const db = store.app.emporium.db;
    const site = (await findWebsiteByIdentifier(db, 'demo'))!;
    const [variant] = await db
      .select()
      .from(variants)
      .where(and(eq(variants.websiteId, site.id), eq(variants.sku, 'FF-TOTE-OLIVE')));
    const [post] = await db.select({ id: items.id }).from(items).where(eq(items.websiteId, site.id)).limit(1);
    const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.websiteId, site.id)).limit(1);
    const item = variant!.productId;
    const ids: Record<string, string> = {
      entryId: '00000000-0000-4000-8000-000000000001',
      code: 'SAVE10',
      itemId: item,
      commentId: '00000000-0000-4000-8000-000000000002',
      reviewId: '00000000-0000-4000-8000-000000000003',
      formId: form!.id,
      collectionId: '00000000-0000-4000-8000-000000000004',
    };
    const body = {
      itemId: item,
      sku: variant!.sku,
      productId: item,
      variantId: variant!.id,
      quantity: 1,
      email: 'victim@example.com',
      siteVisitorEmail: 'victim@example.com',
      password: 'attacker-password-123',
      name: 'Hijacked',
      body: 'Spam',
      rating: 5,
      code: 'SAVE10',
      event: 'view',
      data: JSON.stringify({ url: `${store.siteUrl()}/` }),
      postId: post?.id ?? item,
    };
    attacks = stateChangingRoutes(store.app.printRoutes({ commonPrefix: false })).map((route) => {
      const [method, pattern] = route.split(' ') as [Attack['method'], string];
      return { method, path: pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? item), body };
    });

    store.app.server.on('request', (request, response) => {
      response.on('finish', () => {
        if (request.method !== 'GET' && request.method !== 'HEAD') reached.push({ method: request.method!, url: request.url!, status: response.statusCode });
      });
    });
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(attackPage(store.siteUrl(), attacks));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    if (attacker) await new Promise((resolve) => attacker.close(resolve));
    await store?.close();
  });

  it('covers every state-changing route family', () => {
    const families = new Set(attacks.map((a) => a.path.split('/').slice(0, 3).join('/')));
    for (const family of ['/api/commerce', '/api/form', '/api/content', '/api/owner', '/api/access', '/api/census', '/api/site-users']) {
      expect(
        [...families].some((f) => f.startsWith(family)),
        family,
      ).toBe(true);
    }
    expect(attacks.length).toBeGreaterThanOrEqual(30);
  });

  it('auto-submitted forms and fetches from another origin change nothing, even for a visitor with a cart', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${store.siteUrl()}/shop`);
    await waitForHydration(page);
    const added = await page.evaluate(
      async (entry) => {
        const crumb = decodeURIComponent(document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '');
        const response = await fetch('/api/commerce/shopping-cart/entries', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
          body: JSON.stringify(entry),
        });
        return response.status;
      },
      { itemId: attacks[0]!.body.itemId, sku: attacks[0]!.body.sku, quantity: 1 },
    );
    expect(added, 'the visitor can add to the cart from the shop itself').toBe(200);
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = await databaseDigest(store);
    const firstAttackRequest = reached.length;

    // The browser sends at most six requests at a time to the target: with a few hundred attacks,
    // waiting for the page's load event (every form's frame) can take longer than navigation allows.
    await page.goto(attackerOrigin, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 150_000, polling: 500 });
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const attempts = reached.slice(firstAttackRequest).filter((r) => r.method !== 'OPTIONS');
    expect(attempts.length, 'the attacking page reached the server').toBeGreaterThanOrEqual(attacks.filter((a) => a.method === 'POST').length * 2);
    expect(
      attempts.filter((r) => r.status < 400),
      JSON.stringify(attempts.filter((r) => r.status < 400)),
    ).toEqual([]);
    expect(await databaseDigest(store)).toEqual(before);
  }, 200_000); // one auto-submitted form and one fetch per state-changing route: the list grows with the API
});
