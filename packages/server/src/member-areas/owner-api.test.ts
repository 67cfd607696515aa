import { describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createTestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import { collections } from '../db/index.js';
import { OWNER_MEMBER_AREAS_PATH } from './index.js';
import { MemberAreaMessages } from './messages.js';

const unlimited = { hit: async () => 1, close: async () => {} };

describe.each(availableDialects())('owner member-area calls (%s)', (dialect) => {
  it('lists, creates, updates, gates and deletes areas; checks roles, sites, targets and products', async () => {
    const testDb = await createTestDb({ dialect });
    const t = await createTestApp({ testDb, rateLimitStore: unlimited });
    try {
      const a = await t.createSite({ identifier: `areas-a-${dialect}`, title: 'A' });
      const b = await t.createSite({ identifier: `areas-b-${dialect}`, title: 'B' });
      const db = t.testDb.db;
      const [page] = await db
        .insert(collections)
        .values({ websiteId: a.id, type: 10, urlId: 'members', title: 'Members', settings: { kind: 'page' } })
        .returning();
      const [otherPage] = await db
        .insert(collections)
        .values({ websiteId: b.id, type: 10, urlId: 'other', title: 'Other', settings: { kind: 'page' } })
        .returning();
      const paywall = await addProduct(db, a.id, { title: 'Membership', productType: 5, variants: [{ sku: 'MEMBER', priceCents: 500, unlimited: true }] });
      const shirt = await addProduct(db, a.id, { title: 'Shirt', variants: [{ sku: 'SHIRT', priceCents: 500 }] });
      await makeOwner(db, a.id, 'admin@a.test', 'admin');
      await makeOwner(db, a.id, 'editor@a.test', 'editor');
      await makeOwner(db, a.id, 'reporting@a.test', 'reporting');
      await makeOwner(db, b.id, 'admin@b.test', 'admin');
      const admin = await signInOwner(t.app, t.hostOf(a), 'admin@a.test');
      const editor = await signInOwner(t.app, t.hostOf(a), 'editor@a.test');
      const reporting = await signInOwner(t.app, t.hostOf(a), 'reporting@a.test');
      const otherAdmin = await signInOwner(t.app, t.hostOf(b), 'admin@b.test');

      const body = {
        name: 'Members',
        description: 'Talks and notes',
        priceCents: 1200,
        billing: 'one-time',
        trialDays: 0,
        productItemId: paywall.itemId,
        gates: [{ kind: 'collection', id: page!.id }],
      };
      const created = await admin.call('POST', OWNER_MEMBER_AREAS_PATH, body);
      expect(created.statusCode, created.body).toBe(201);
      const area = created.json();
      expect(area).toMatchObject({ name: 'Members', priceCents: 1200, currency: 'USD', billing: 'one-time', gates: [{ kind: 'collection', id: page!.id }] });
      expect(area.joinUrl).toBe(`/commerce/join/${area.id}`);

      const list = await reporting.call('GET', OWNER_MEMBER_AREAS_PATH);
      expect(list.statusCode).toBe(200);
      expect(list.json().memberAreas.map((x: { id: string }) => x.id)).toEqual([area.id]);

      const updated = await admin.call('PUT', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`, {
        ...body,
        priceCents: 900,
        billing: 'recurring',
        billingPeriod: { value: 1, unit: 'MONTH' },
        trialDays: 7,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ priceCents: 900, billing: 'recurring', billingPeriod: { value: 1, unit: 'MONTH' }, trialDays: 7 });

      const noPeriod = await admin.call('PUT', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`, { ...body, billing: 'recurring' });
      expect(noPeriod.statusCode).toBe(400);
      expect(noPeriod.json().message).toBe(MemberAreaMessages.PERIOD_REQUIRED);

      const gates = await admin.call('PUT', `${OWNER_MEMBER_AREAS_PATH}/${area.id}/gates`, { gates: [{ kind: 'item', id: shirt.itemId }] });
      expect(gates.statusCode).toBe(200);
      expect(gates.json().gates).toEqual([{ kind: 'item', id: shirt.itemId }]);

      // Another site's page, a product that is no paywall, and a body past the limit are refused.
      const foreignGate = await admin.call('PUT', `${OWNER_MEMBER_AREAS_PATH}/${area.id}/gates`, { gates: [{ kind: 'collection', id: otherPage!.id }] });
      expect(foreignGate.statusCode).toBe(400);
      expect(foreignGate.json().message).toBe(MemberAreaMessages.GATE_TARGET_UNKNOWN);
      const notPaywall = await admin.call('POST', OWNER_MEMBER_AREAS_PATH, { ...body, productItemId: shirt.itemId });
      expect(notPaywall.statusCode).toBe(400);
      expect(notPaywall.json().message).toBe(MemberAreaMessages.PRODUCT_NOT_PAYWALL);
      const taken = await admin.call('POST', OWNER_MEMBER_AREAS_PATH, { ...body, name: 'Second' });
      expect(taken.statusCode).toBe(409);
      const huge = await admin.call('POST', OWNER_MEMBER_AREAS_PATH, { ...body, description: 'x'.repeat(70_000) });
      expect(huge.statusCode).toBe(413);

      // Roles (docs/roles.md): the editor has neither members nor customers; reporting reads areas (members:read) and their members (customers:read) but changes nothing.
      expect((await editor.call('POST', OWNER_MEMBER_AREAS_PATH, body)).statusCode).toBe(403);
      expect((await editor.call('GET', OWNER_MEMBER_AREAS_PATH)).statusCode).toBe(403);
      expect((await reporting.call('DELETE', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`)).statusCode).toBe(403);
      expect((await reporting.call('GET', `${OWNER_MEMBER_AREAS_PATH}/${area.id}/members`)).statusCode).toBe(200);
      expect((await editor.call('GET', `${OWNER_MEMBER_AREAS_PATH}/${area.id}/members`)).statusCode).toBe(403);

      // Site B's owner sees none of site A's areas, and cannot touch them.
      expect((await otherAdmin.call('GET', OWNER_MEMBER_AREAS_PATH)).json().memberAreas).toEqual([]);
      expect((await otherAdmin.call('GET', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`)).statusCode).toBe(404);
      expect((await otherAdmin.call('DELETE', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`)).statusCode).toBe(404);

      const deleted = await admin.call('DELETE', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`);
      expect(deleted.json()).toEqual({ deleted: true });
      expect((await admin.call('GET', `${OWNER_MEMBER_AREAS_PATH}/${area.id}`)).statusCode).toBe(404);
    } finally {
      await t.close();
      await testDb.close();
    }
  }, 60_000);
});
