import { afterEach, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { JobQueue } from './job-queue.js';

const until = async (check: () => boolean, timeoutMs = 15_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.each(availableDialects())('job queue on %s', (dialect) => {
  let t: TestDb | undefined;
  const queues: JobQueue[] = [];
  const queue = (db: TestDb) => {
    const q = new JobQueue(db.db, { pollSeconds: 0.5 });
    queues.push(q);
    return q;
  };
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop(2_000)));
    await t?.close();
    t = undefined;
  });

  it('runs each job once with two servers working the same queue', async () => {
    t = await createTestDb({ dialect });
    const [a, b] = [queue(t), queue(t)];
    const seen: number[] = [];
    const handler = async (job: { data: { n: number } }) => {
      seen.push(job.data.n);
    };
    await a.work('test.count', handler);
    await b.work('test.count', handler);
    for (let n = 0; n < 12; n += 1) await (n % 2 ? a : b).send('test.count', { n });
    await until(() => seen.length >= 12);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect([...seen].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  // Several servers share one PostgreSQL; an embedded database belongs to one process.
  it.skipIf(dialect === 'pglite')('starts three servers at once on a database that has no queue tables yet', async () => {
    t = await createTestDb({ dialect });
    const servers = [queue(t), queue(t), queue(t)];
    await Promise.all(servers.map((q) => q.declare('test.together')));
    const seen: string[] = [];
    await servers[0]!.work('test.together', async (job: { data: { from: string } }) => {
      seen.push(job.data.from);
    });
    await servers[2]!.send('test.together', { from: 'third' });
    await until(() => seen.length === 1);
    expect(seen).toEqual(['third']);
  });

  it('runs a job sent for later no earlier than its time, and retries a job whose handler throws', async () => {
    t = await createTestDb({ dialect });
    const q = queue(t);
    const ranAt: number[] = [];
    let attempts = 0;
    await q.work('test.later', async () => {
      ranAt.push(Date.now());
    });
    await q.work('test.flaky', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('mail server not answering');
    });
    const sentAt = Date.now();
    await q.send('test.later', {}, { startAfter: new Date(sentAt + 1_500) });
    await q.send('test.flaky', {}, { retryLimit: 2 });
    await until(() => ranAt.length === 1 && attempts >= 2, 20_000);
    expect(ranAt[0]! - sentAt).toBeGreaterThanOrEqual(1_400);
    expect(attempts).toBe(2);
  });

  it('queues the same work once on a short queue', async () => {
    t = await createTestDb({ dialect });
    const q = queue(t);
    await q.declare('test.once', 'short');
    const first = await q.send('test.once', {}, { singletonKey: 'round' });
    const second = await q.send('test.once', {}, { singletonKey: 'round' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });
});
