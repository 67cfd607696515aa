import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { createSiteFixture } from '../../test-support/fixtures.js';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { enqueueMails, MAX_ATTEMPTS, type ClaimedMail } from './outbox-repository.js';
import { JobQueue } from '../jobs/index.js';
import { OutboxSender } from './outbox-sender.js';

describe('outbox sender', () => {
  let t: TestDb;
  let websiteId: string;

  let jobs: JobQueue;

  beforeAll(async () => {
    t = await createTestDb();
    jobs = new JobQueue(t.db, { pollSeconds: 0.5 });
    websiteId = (await createSiteFixture(t.db, 'outbox')).id;
  });
  afterAll(async () => {
    await jobs.stop(2_000);
    await t.close();
  });

  const mail = (to: string) => ({ websiteId, kind: 'test', to, subject: `Hi ${to}`, text: 'x', html: '<p>x</p>' });

  it('delivers each queued mail once even with two senders running at the same time', async () => {
    await enqueueMails(
      t.db,
      Array.from({ length: 30 }, (_, i) => mail(`r${i}@example.com`)),
    );
    const delivered: string[] = [];
    const send = async (m: ClaimedMail) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      delivered.push(m.to);
    };
    const a = new OutboxSender({ db: t.db, send, from: 'shop@example.com', jobs, batchSize: 7 });
    const b = new OutboxSender({ db: t.db, send, from: 'shop@example.com', jobs, batchSize: 7 });
    const [sentA, sentB] = await Promise.all([a.flush(), b.flush()]);
    expect(sentA + sentB).toBe(30);
    expect(new Set(delivered).size).toBe(30);
    expect(delivered).toHaveLength(30);
    expect(await a.flush()).toBe(0);
  });

  it('retries a refused mail with back-off and marks it failed after the last attempt', async () => {
    await t.db.delete(outbox);
    await enqueueMails(t.db, [mail('bounce@example.com')]);
    const sender = new OutboxSender({ db: t.db, send: async () => Promise.reject(new Error('550 no such user')), from: 'shop@example.com', jobs });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await sender.flush()).toBe(0);
      const [row] = await t.db.select().from(outbox);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe('550 no such user');
      expect(row!.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
      await t.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.websiteId, websiteId));
    }
    expect(await sender.flush()).toBe(0);
    const [row] = await t.db.select().from(outbox);
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
  });

  it('takes over a mail whose sender died after claiming it', async () => {
    await t.db.delete(outbox);
    await enqueueMails(t.db, [mail('late@example.com')]);
    await t.db.update(outbox).set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` });
    const delivered: string[] = [];
    const sender = new OutboxSender({ db: t.db, send: async (m) => void delivered.push(m.to), from: 'shop@example.com', jobs });
    expect(await sender.flush()).toBe(1);
    expect(delivered).toEqual(['late@example.com']);
    const [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers queued mail through the job queue when asked, and sends the job again for the next retry', async () => {
    await t.db.delete(outbox);
    const delivered: string[] = [];
    let refuse = true;
    const sender = new OutboxSender({
      db: t.db,
      jobs,
      from: 'shop@example.com',
      send: async (m) => {
        if (refuse && m.to === 'later@example.com') throw new Error('451 try again later');
        delivered.push(m.to);
      },
    });
    await sender.start();
    await enqueueMails(t.db, [mail('now@example.com'), mail('later@example.com')]);
    sender.kick();
    const until = async (check: () => Promise<boolean> | boolean) => {
      for (let i = 0; i < 300 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await until(() => delivered.includes('now@example.com'));
    expect(delivered).toEqual(['now@example.com']);
    const [waiting] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'later@example.com'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    // The retry is due in the future: bring it forward and let the job sent for it run.
    refuse = false;
    await t.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.toAddress, 'later@example.com'));
    sender.kick();
    await until(() => delivered.includes('later@example.com'));
    expect(delivered).toEqual(['now@example.com', 'later@example.com']);
  });
});
