import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { trackingEvents, websites } from './schema.js';
import { writeEpochOf } from './open.js';
import { isPageNeutralStatement, isReadOnlyStatement, PAGE_NEUTRAL_TABLES, watchWrites, type WriteEpoch } from './write-epoch.js';

function message(type: string, body: Buffer): Uint8Array {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([head, body]));
}
const parse = (text: string) => message('P', Buffer.concat([Buffer.from('\0'), Buffer.from(`${text}\0`), Buffer.alloc(2)]));
const bind = () => message('B', Buffer.from([0, 0, 0, 0, 0, 0, 0, 0]));
const execute = () => message('E', Buffer.from([0, 0, 0, 0, 0]));
const syncMessage = () => message('S', Buffer.alloc(0));
const simpleQuery = (text: string) => message('Q', Buffer.from(`${text}\0`));

/** A protocol client that records what the epoch looked like while each message ran. */
function fakeClient() {
  const seen: { type: string; value: number; writing: boolean }[] = [];
  let epoch: WriteEpoch | undefined;
  const client = {
    execProtocolRawSync(m: Uint8Array): Uint8Array {
      seen.push({ type: String.fromCharCode(m[0]!), value: epoch!.value, writing: epoch!.writing });
      return new Uint8Array(0);
    },
  };
  epoch = watchWrites(client);
  return { client, epoch, seen };
}

describe('isReadOnlyStatement', () => {
  it.each([
    ['select page_version from websites where id = $1', true],
    ['  /* c */ -- line\n SELECT 1', true],
    ['SELECT "into_x" FROM t', true],
    ['selectx from t', false],
    ['SELECT * INTO copy FROM websites', false],
    ['WITH w AS (UPDATE websites SET page_version = 1 RETURNING id) SELECT * FROM w', false],
    ['update websites set title = $1', false],
    ['insert into items values (1)', false],
    ['EXPLAIN ANALYZE UPDATE websites SET title = title', false],
    ['BEGIN', false],
    ['/* never closed SELECT 1', false],
    ['/* outer /* inner */ SELECT 1 */ UPDATE websites SET title = $1', false],
    ['', false],
  ])('%j is read-only: %s', (text, expected) => {
    expect(isReadOnlyStatement(text)).toBe(expected);
  });
});

describe('isPageNeutralStatement', () => {
  it.each([
    ['insert into "tracking_events" ("id", "website_id") values ($1, $2)', true],
    ['  -- beacon\n INSERT INTO tracking_events (website_id) VALUES ($1)', true],
    ['insert into "items" ("id") values ($1)', false],
    ['insert into "tracking_events_copy" ("id") values ($1)', false],
    ['update "tracking_events" set name = $1', false],
    ['WITH w AS (UPDATE websites SET page_version = 1 RETURNING id) INSERT INTO tracking_events (id) SELECT id FROM w', false],
    ['insert into tracking_events select * from items', false],
  ])('%j is page-neutral: %s', (text, expected) => {
    expect(isPageNeutralStatement(text)).toBe(expected);
  });
});

describe('watchWrites (protocol messages)', () => {
  it('leaves the epoch alone for a SELECT and grows it around every message of a write until its Sync', () => {
    const { client, epoch, seen } = fakeClient();
    for (const m of [parse('SELECT 1'), bind(), execute(), syncMessage()]) client.execProtocolRawSync(m);
    expect(epoch.value).toBe(0);
    expect(seen.every((s) => !s.writing)).toBe(true);
    for (const m of [parse('UPDATE websites SET title = $1'), bind(), execute()]) client.execProtocolRawSync(m);
    expect(epoch.writing).toBe(true);
    const beforeSync = epoch.value;
    client.execProtocolRawSync(syncMessage());
    expect(epoch.value).toBeGreaterThan(beforeSync);
    expect(epoch.writing).toBe(false);
    expect(seen.slice(4).every((s) => s.writing)).toBe(true);
  });

  it('counts simple-protocol queries, batches and unknown messages as writes', () => {
    const { client, epoch } = fakeClient();
    let last = epoch.value;
    const batch = new Uint8Array(Buffer.concat([parse('SELECT 1'), bind(), execute(), syncMessage()]));
    for (const m of [simpleQuery('SELECT 1'), simpleQuery('COMMIT'), batch, message('F', Buffer.alloc(4))]) {
      client.execProtocolRawSync(m);
      expect(epoch.value).toBeGreaterThan(last);
      expect(epoch.writing).toBe(false);
      last = epoch.value;
    }
    client.execProtocolRawSync(new Uint8Array(Buffer.concat([parse('SELECT 1'), bind()])));
    expect(epoch.writing).toBe(true);
    client.execProtocolRawSync(syncMessage());
    expect(epoch.writing).toBe(false);
  });
});

describe('write epoch of an open database', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exists on PGlite only', () => {
    if (t.dialect === 'pg') expect(writeEpochOf(t.db)).toBeUndefined();
    else expect(writeEpochOf(t.db)).toBeDefined();
  });

  it('grows for writes through Drizzle, transactions and the raw client, not for SELECTs', async (ctx) => {
    const epoch = writeEpochOf(t.db);
    if (!epoch) return ctx.skip();
    const client = (t.db as unknown as { $client: PGlite }).$client;
    const [site] = await t.db.insert(websites).values({ identifier: 'epoch', title: 'Epoch' }).returning();
    const writes: [string, () => Promise<unknown>][] = [
      ['drizzle update', () => t.db.update(websites).set({ title: 'A' }).where(eq(websites.id, site!.id))],
      ['drizzle transaction', () => t.db.transaction((tx) => tx.select().from(websites))],
      ['execute with a writable CTE', () => t.db.execute(sql`WITH w AS (UPDATE websites SET title = 'B' RETURNING id) SELECT count(*) FROM w`)],
      ['raw client query', () => client.query('UPDATE websites SET title = $1', ['C'])],
      ['raw client exec', () => client.exec("UPDATE websites SET title = 'D'")],
      ['raw client transaction', () => client.transaction((tx) => tx.query('SELECT 1'))],
    ];
    for (const [name, write] of writes) {
      const before = epoch.value;
      await write();
      expect(epoch.value, name).toBeGreaterThan(before);
      expect(epoch.writing, name).toBe(false);
    }
    const before = epoch.value;
    await t.db.select().from(websites);
    await client.query('SELECT page_version FROM websites');
    expect(epoch.value).toBe(before);
  });

  it('leaves the epoch alone for a page-view row (a page-neutral table), and those tables have no trigger or rule of their own (foreign-key checks only read)', async (ctx) => {
    for (const table of PAGE_NEUTRAL_TABLES) {
      const reach = (await t.db.execute(
        sql`SELECT (SELECT count(*) FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal) + (SELECT count(*) FROM pg_rules WHERE tablename = ${table}) AS n`,
      )) as unknown as { rows: { n: number | string }[] };
      expect(Number(reach.rows[0]!.n), table).toBe(0);
    }
    const epoch = writeEpochOf(t.db);
    if (!epoch) return ctx.skip();
    const [site] = await t.db.insert(websites).values({ identifier: 'epoch-neutral', title: 'Neutral' }).returning();
    const before = epoch.value;
    await t.db.insert(trackingEvents).values({ websiteId: site!.id, source: 'census', name: 'view', visitorId: 'v', payload: {} });
    expect(epoch.value).toBe(before);
  });

  it('holds no function a SELECT could call to write: every function of the schema is a trigger function', async () => {
    const result = (await t.db.execute(
      sql`SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema() AND p.prorettype <> 'trigger'::regtype`,
    )) as unknown as { rows: { proname: string }[] };
    expect(result.rows).toEqual([]);
  });
});
