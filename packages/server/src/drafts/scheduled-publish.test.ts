import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { buildApp } from '../app.js';
import { collections, siteReleases } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { DraftPaths } from './routes.js';
import { DraftMessages } from './subjects.js';

// A scheduled publish goes live once at its time with two servers working the job queue.
let t: PagesTestApp;
let servers: FastifyInstance[] = [];
let admin: OwnerClient;
let aboutId: string;
let journalId: string;
let websiteId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  websiteId = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!.id;
  await makeOwner(db, websiteId, 'admin@schedule.test', 'admin');
  admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@schedule.test');
  aboutId = (
    await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, 'about')))
  )[0]!.id;
  journalId = (
    await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, 'journal')))
  )[0]!.id;
  servers = await Promise.all(
    [1, 2].map(async () => {
      const app = await buildApp({ db, pages: false, workJobs: true, config: { logLevel: 'silent', outboxPollMs: 500 } });
      await app.ready();
      return app;
    }),
  );
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await t?.close();
});

const releases = async () => (await t.testDb.db.select().from(siteReleases).where(eq(siteReleases.websiteId, websiteId))).length;

describe('scheduled publishing', () => {
  it('publishes the drafts once at the chosen time, a new blog post with them, whichever server takes the job', async () => {
    const sentence = 'The autumn collection arrives on Friday.';
    await admin.call('PUT', DraftPaths.DRAFTS, {
      subject: `collection:${aboutId}`,
      value: { blocks: [{ typeName: 'html', html: `<p>${sentence}</p>` }] },
      baseVersion: 0,
    });
    const post = await admin.call('POST', `/api/owner/collections/${journalId}/items`, { title: 'Autumn wools are in', status: 'published' });
    expect(post.statusCode, post.body).toBe(201);
    const postUrl = post.json().fullUrl as string;
    expect((await t.get(DEMO_SHOP_IDENTIFIER, postUrl)).statusCode).toBe(404);
    const before = await releases();
    const at = new Date(Date.now() + 1_500);
    const scheduled = await admin.call('POST', DraftPaths.PUBLISH, { at: at.toISOString() });
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json().scheduledFor).toBe(at.toISOString());
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/about')).body).not.toContain(sentence);
    for (let i = 0; i < 300 && (await releases()) === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 100);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/about')).body).toContain(sentence);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, postUrl)).statusCode).toBe(200);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).toContain('Autumn wools are in');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await releases()).toBe(before + 1);
  });

  it('refuses a time in the past, and cancels a publish that has not run', async () => {
    const past = await admin.call('POST', DraftPaths.PUBLISH, { at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(DraftMessages.SCHEDULE_IN_PAST);
    await admin.call('PUT', DraftPaths.DRAFTS, { subject: `collection:${aboutId}`, value: { title: 'About, later' }, baseVersion: 0 });
    const later = await admin.call('POST', DraftPaths.PUBLISH, { at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.statusCode).toBe(202);
    const jobId = later.json().jobId as string;
    // Every owner's dashboard lists it, not only the browser that scheduled it.
    const listed = await admin.call('GET', DraftPaths.SCHEDULED_LIST);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().scheduled).toEqual([{ jobId, scheduledFor: later.json().scheduledFor, scheduledBy: 'admin@schedule.test' }]);
    expect((await admin.call('DELETE', DraftPaths.SCHEDULED.replace(':jobId', jobId))).statusCode).toBe(204);
    expect((await admin.call('GET', DraftPaths.SCHEDULED_LIST)).json().scheduled).toEqual([]);
    const again = await admin.call('DELETE', DraftPaths.SCHEDULED.replace(':jobId', jobId));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(DraftMessages.NO_SUCH_SCHEDULE);
  });
});
