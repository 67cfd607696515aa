import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { AppError } from '../errors/index.js';
import {
  addCustomDomain,
  countWebsites,
  createWebsite,
  findWebsiteByDomain,
  findWebsiteByIdentifier,
  getWebsite,
  listWebsites,
  updateWebsiteSettings,
} from './repository.js';
import { DEFAULT_SETTINGS } from './website.js';

describe('website repository', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('creates a site with spec defaults (USD, en-US, America/New_York) and custom domains', async () => {
    const site = await createWebsite(t.db, { identifier: 'fern', title: '  Fern & Field ', domains: ['Shop.Fern.example:8080', 'fern.example'] });
    expect(site).toMatchObject({ identifier: 'fern', title: 'Fern & Field', domains: ['fern.example', 'shop.fern.example'] });
    expect(site.id).toMatch(/^[0-9a-f]{32}$/);
    expect(site.settings).toMatchObject({ currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' });
    expect((await findWebsiteByDomain(t.db, 'shop.fern.example'))?.id).toBe(site.id);
    expect((await findWebsiteByIdentifier(t.db, 'fern'))?.id).toBe(site.id);
    expect((await getWebsite(t.db, site.id))?.domains).toEqual(['fern.example', 'shop.fern.example']);
  });

  it.each([
    ['upper case', 'Fern2'],
    ['underscore', 'a_b'],
    ['leading hyphen', '-ab'],
    ['trailing hyphen', 'ab-'],
    ['dot', 'a.b'],
    ['empty', ''],
    ['too long', 'a'.repeat(64)],
    ['reserved', 'www'],
  ])('refuses an identifier with %s', async (_name, identifier) => {
    await expect(createWebsite(t.db, { identifier, title: 'x' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses duplicates, empty titles and bad or taken domains', async () => {
    await createWebsite(t.db, { identifier: 'dup', title: 'Dup' });
    await expect(createWebsite(t.db, { identifier: 'dup', title: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(createWebsite(t.db, { identifier: 'blank', title: '   ' })).rejects.toBeInstanceOf(AppError);
    await expect(createWebsite(t.db, { identifier: 'baddomain', title: 'x', domains: ['localhost'] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(createWebsite(t.db, { identifier: 'ipdomain', title: 'x', domains: ['10.1.2.3'] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(createWebsite(t.db, { identifier: 'taken', title: 'x', domains: ['fern.example'] })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await findWebsiteByIdentifier(t.db, 'taken')).toBeNull();
  });

  it('adds custom domains and lists sites in identifier order', async () => {
    const site = await createWebsite(t.db, { identifier: 'alpha', title: 'Alpha' });
    await addCustomDomain(t.db, site.id, 'alpha.example');
    await addCustomDomain(t.db, site.id, 'alpha.example');
    const fern = await findWebsiteByIdentifier(t.db, 'fern');
    await expect(addCustomDomain(t.db, fern!.id, 'alpha.example')).rejects.toMatchObject({ code: 'CONFLICT' });
    const list = await listWebsites(t.db);
    expect(list.map((s) => s.identifier)).toEqual([...list.map((s) => s.identifier)].sort());
    expect(list.find((s) => s.identifier === 'alpha')?.domains).toEqual(['alpha.example']);
    expect(await countWebsites(t.db)).toBe(list.length);
  });

  it('merges settings updates over stored settings and keeps defaults for the rest', async () => {
    const site = await createWebsite(t.db, { identifier: 'settings', title: 'S', settings: { currency: 'EUR' } });
    const updated = await updateWebsiteSettings(t.db, site.id, { timeZone: 'Europe/Paris', commerce: { checkoutMinimumCents: 1000 } });
    expect(updated.settings).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Paris', locale: DEFAULT_SETTINGS.locale });
    expect(updated.settings.commerce).toMatchObject({ checkoutMinimumCents: 1000, testMode: true });
    await expect(updateWebsiteSettings(t.db, 'nope', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
