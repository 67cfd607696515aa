import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture } from '../../test-support/fixtures.js';
import { makeOwner } from '../../test-support/owners.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { Website } from '../sites/index.js';
import { AUDIT_PATH, recordAuditAs } from './index.js';

const OWNER_TOKEN = 'audit-names-owner-token-0123456789';
const CLI = { ownerId: null, email: 'cli@example.com' };

describe('the audit log names what changed (#24)', () => {
  let t: TestApp;
  let site: Website;
  beforeAll(async () => {
    t = await createTestApp({ config: { ownerToken: OWNER_TOKEN } });
    site = await t.createSite({ identifier: 'audit-names', title: 'Names' });
  });
  afterAll(() => t.close());

  it('#24 gives the current name of a product, variant and owner, the recorded one of a removed thing, and null when there is none', async () => {
    const product = await createProductFixture(t.testDb.db, site.id, { title: 'Harbour Tee' });
    const owner = await makeOwner(t.testDb.db, site.id, 'named@example.com', 'viewer');
    const db = t.testDb.db;
    await recordAuditAs(db, site.id, CLI, { action: 'product.update', subjectType: 'product', subjectId: product.itemId });
    await recordAuditAs(db, site.id, CLI, { action: 'inventory.set', subjectType: 'inventory', subjectId: product.variantId });
    await recordAuditAs(db, site.id, CLI, { action: 'owner.role', subjectType: 'owner', subjectId: owner.id });
    await recordAuditAs(db, site.id, CLI, { action: 'coupon.delete', subjectType: 'coupon', subjectId: 'gone', detail: { code: 'SUMMER' } });
    await recordAuditAs(db, site.id, CLI, { action: 'thing.poke', subjectType: 'thing', subjectId: 'x1' });
    const response = await t.app.inject({ method: 'GET', url: AUDIT_PATH, headers: { host: t.hostOf(site), authorization: `Bearer ${OWNER_TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    const names = Object.fromEntries(
      (response.json().entries as { action: string; subjectName: string | null }[]).map((entry) => [entry.action, entry.subjectName]),
    );
    expect(names).toMatchObject({
      'product.update': 'Harbour Tee',
      'inventory.set': `Harbour Tee (${product.sku})`,
      'owner.role': 'named@example.com',
      'coupon.delete': 'SUMMER',
      'thing.poke': null,
    });
  });
});
