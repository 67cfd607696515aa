import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { createSiteFixture } from '../../test-support/fixtures.js';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { enqueueMails, MAX_ATTEMPTS, type ClaimedMail } from './outbox-repository.js';
import { OutboxSender } from './outbox-sender.js';

describe('outbox sender', () => {
  let t: TestDb;
  let websiteId: string;

  beforeAll(async () => {
    t = await createTestDb();
    websiteId = (await createSiteFixture(t.db, 'outbox')).id;
  });
  afterAll(() => t.close());

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
    const a = new OutboxSender({ db: t.db, send, from: 'shop@example.com', pollMs: 60_000, batchSize: 7 });
    const b = new OutboxSender({ db: t.db, send, from: 'shop@example.com', pollMs: 60_000, batchSize: 7 });
    const [sentA, sentB] = await Promise.all([a.flush(), b.flush()]);
    expect(sentA + sentB).toBe(30);
    expect(new Set(delivered).size).toBe(30);
    expect(delivered).toHaveLength(30);
    expect(await a.flush()).toBe(0);
  });

  it('retries a refused mail with back-off and marks it failed after the last attempt', async () => {
    await t.db.delete(outbox);
    await enqueueMails(t.db, [mail('bounce@example.com')]);
    const sender = new OutboxSender({ db: t.db, send: async () => Promise.reject(new Error('550 no such user')), from: 'shop@example.com', pollMs: 60_000 });
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
    const sender = new OutboxSender({ db: t.db, send: async (m) => void delivered.push(m.to), from: 'shop@example.com', pollMs: 60_000 });
    expect(await sender.flush()).toBe(1);
    expect(delivered).toEqual(['late@example.com']);
    const [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
