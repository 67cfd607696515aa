import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { createWebsite } from './repository.js';
import { createSiteResolver } from './resolver.js';
import type { Website } from './website.js';

describe('site resolver host normalisation', () => {
  let testDb: TestDb;
  let demo: Website;
  beforeAll(async () => {
    testDb = await createTestDb();
    demo = await createWebsite(testDb.db, { identifier: 'demo', title: 'Demo', domains: ['shop.example.com'] });
  });
  afterAll(() => testDb.close());

  it.each(['demo.localhost:3000', 'DEMO.LOCALHOST.:3000', 'Demo.LocalHost', 'demo.localhost.', 'shop.example.com', 'SHOP.Example.COM.:443'])(
    '%s resolves the demo site',
    async (host) => {
      const resolver = createSiteResolver(testDb.db, { baseDomain: 'localhost' });
      const resolution = await resolver.resolve(host);
      expect(resolution.kind === 'site' ? resolution.website.id : resolution.kind).toBe(demo.id);
    },
  );

  it('resolves with a base domain given in capitals or with a trailing dot', async () => {
    const resolver = createSiteResolver(testDb.db, { baseDomain: 'LOCALHOST.' });
    const resolution = await resolver.resolve('DEMO.LOCALHOST.:3000');
    expect(resolution.kind === 'site' ? resolution.website.id : resolution.kind).toBe(demo.id);
    expect((await resolver.resolve('localhost:3000')).kind).toBe('root');
  });

  it('answers unknown for other spellings that are not the site', async () => {
    const resolver = createSiteResolver(testDb.db, { baseDomain: 'localhost' });
    for (const host of ['demo..localhost', 'demo.localhost..', 'demo-.localhost', 'demo.localhost:3000:1']) {
      expect((await resolver.resolve(host)).kind, host).toBe('unknown');
    }
  });
});
