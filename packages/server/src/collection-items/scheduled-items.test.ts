import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { buildApp } from '../app.js';
import { collections, items } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { publishDueItem } from './item-repository.js';
import { ItemPaths } from './routes.js';

// Spec 3 "Scheduled": a scheduled post goes live once at its time, whichever server takes the job.
let t: PagesTestApp;
let servers: FastifyInstance[] = [];
let admin: OwnerClient;
let websiteId: string;
let journalId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  websiteId = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!.id;
  await makeOwner(db, websiteId, 'sam@items.test', 'website-manager');
  admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'sam@items.test');
  journalId = (
    await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, 'journal')))
  )[0]!.id;
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await t?.close();
});

/** A new post scheduled for `at`, released at once (a new post is a draft until the site's drafts are published, decision 0055). */
async function schedule(title: string, at: Date) {
  const created = await admin.call('POST', ItemPaths.ITEMS.replace(':collectionId', journalId), {
    title,
    body: '<p>Soon.</p>',
    status: 'scheduled',
    publishOn: at.toISOString(),
  });
  expect((await admin.call('POST', '/api/owner/publish')).statusCode).toBe(200);
  return created;
}

const rowOf = async (id: string) => (await t.testDb.db.select().from(items).where(eq(items.id, id)))[0]!;

describe('scheduled items (issue 26 item 1)', () => {
  it('publishes a due item once, at the time given, however often the job runs', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const created = await schedule('An hour from now', at);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(await publishDueItem(t.testDb.db, websiteId, id, new Date(at.getTime() - 1))).toBe(false);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).not.toContain('An hour from now');
    expect(await publishDueItem(t.testDb.db, websiteId, id, at)).toBe(true);
    expect(await publishDueItem(t.testDb.db, websiteId, id, new Date(at.getTime() + 1))).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 'published', version: 3 });
  });

  it('goes live through the job queue with two servers working it, exactly once', async () => {
    servers = await Promise.all(
      [1, 2].map(async () => {
        const app = await buildApp({ db: t.testDb.db, pages: false, workJobs: true, config: { logLevel: 'silent', outboxPollMs: 500 } });
        await app.ready();
        return app;
      }),
    );
    const created = await schedule('In a moment', new Date(Date.now() + 1_000));
    const { id } = created.json();
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).not.toContain('In a moment');
    for (let i = 0; i < 200 && (await rowOf(id)).status === 'scheduled'; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowOf(id)).toMatchObject({ status: 'published', version: 3 });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).toContain('In a moment');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await rowOf(id)).version).toBe(3);
  });
});
