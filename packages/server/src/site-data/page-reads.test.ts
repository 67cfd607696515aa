import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { approximateBytes } from './approximate-bytes.js';
import { PageReads, readThrough } from './page-reads.js';

const db = {} as Db;

function counter() {
  let loads = 0;
  const load = (value: unknown) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return { load, loads: () => loads };
}

describe('page reads (decision 0037)', () => {
  it('reads once per site, page version and key, and again at a new version', async () => {
    const reads = new PageReads();
    const c = counter();
    const at1 = reads.at(db, 'site-a', 1);
    expect(await at1.read('item:x', c.load({ title: 'one' }))).toEqual({ title: 'one' });
    expect(await reads.at(db, 'site-a', 1).read('item:x', c.load({ title: 'other' }))).toEqual({ title: 'one' });
    expect(c.loads()).toBe(1);
    expect(await reads.at(db, 'site-a', 2).read('item:x', c.load({ title: 'two' }))).toEqual({ title: 'two' });
    expect(await reads.at(db, 'site-b', 1).read('item:x', c.load({ title: 'b' }))).toEqual({ title: 'b' });
    expect(c.loads()).toBe(3);
    // A request that read an older version than the one kept reads for itself and keeps nothing.
    expect(await reads.at(db, 'site-a', 1).read('item:x', c.load({ title: 'old' }))).toEqual({ title: 'old' });
    expect(await reads.at(db, 'site-a', 2).read('item:x', c.load({ title: 'never' }))).toEqual({ title: 'two' });
  });

  it('reads again once a kept read is older than its life (reads that depend on the clock)', async () => {
    let now = 1_000;
    const reads = new PageReads({ ttlMs: 60_000, now: () => now });
    const c = counter();
    await reads.at(db, 's', 1).read('k', c.load(1));
    now += 60_000;
    await reads.at(db, 's', 1).read('k', c.load(2));
    expect(c.loads()).toBe(1);
    now += 1;
    expect(await reads.at(db, 's', 1).read('k', c.load(3))).toBe(3);
    expect(c.loads()).toBe(2);
  });

  it('keeps no failed read', async () => {
    const reads = new PageReads();
    const failing = reads.at(db, 's', 1).read('k', () => Promise.reject(new Error('connection lost')));
    await expect(failing).rejects.toThrow('connection lost');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reads.at(db, 's', 1).read('k', () => Promise.resolve('fine'))).toBe('fine');
  });

  it('drops the least recently used sites once the kept values pass the byte bound', async () => {
    const row = { description: 'x'.repeat(1000) };
    const bytes = approximateBytes(row);
    const reads = new PageReads({ maxBytes: bytes * 3 + 200 });
    for (const site of ['a', 'b', 'c']) await reads.at(db, site, 1).read('k', () => Promise.resolve({ ...row }));
    expect(reads.siteCount).toBe(3);
    await reads.at(db, 'a', 1).read('k', () => Promise.resolve('unused'));
    await reads.at(db, 'd', 1).read('k', () => Promise.resolve({ ...row }));
    expect(reads.siteCount).toBe(3);
    expect(reads.size).toBeLessThanOrEqual(reads.maxBytes);
    const c = counter();
    await reads.at(db, 'b', 1).read('k', c.load('again'));
    expect(c.loads()).toBe(1);
    await reads.at(db, 'a', 1).read('k', c.load('again'));
    expect(c.loads()).toBe(1);
  });

  it('freezes kept values, so a page builder that changes one fails instead of changing the next page', async () => {
    const reads = new PageReads({ freeze: true });
    const value = await reads.at(db, 's', 1).read('k', () => Promise.resolve({ rows: [{ title: 'a' }], byId: new Map([['a', { n: 1 }]]) }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => {
      (value.rows[0] as { title: string }).title = 'b';
    }).toThrow(TypeError);
    expect(Object.isFrozen(value.byId.get('a'))).toBe(true);
  });

  it('reads straight from a database handle that is not a page reader', async () => {
    const c = counter();
    await readThrough(db, 'k', c.load(1));
    await readThrough(db, 'k', c.load(1));
    expect(c.loads()).toBe(2);
  });
});

describe('approximateBytes', () => {
  it('counts strings, nested rows, Maps and a shared value once', () => {
    const shared = { name: 'abc' };
    expect(approximateBytes('abcd')).toBe(24);
    expect(approximateBytes([shared, shared])).toBeLessThan(approximateBytes([shared, { name: 'abc' }]));
    expect(approximateBytes(new Map([['k', 'x'.repeat(500)]]))).toBeGreaterThan(1000);
  });
});
