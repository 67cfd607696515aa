import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CustomerSites, createCustomerSites, postWithoutCrumb } from '../../test-support/customers-test-kit.js';
import type { OwnerClient } from '../../test-support/owners.js';
import { signedInShopper } from '../../test-support/site-users.js';
import type { TestApp } from '../../test-support/test-app.js';
import { availableDialects } from '../../test-support/test-db.js';
import { collections } from '../db/index.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import type { Website } from '../sites/index.js';
import { CUSTOMERS_PATH } from '../site-users/index.js';
import { createArea } from './area-repository.js';
import { CustomerMembershipMessages, MemberAreaMessages } from './index.js';

const SECRET = 'Only members read this sentence';

describe.each(availableDialects())("a customer's memberships on the owner's Customers screen (issue 28, owner side) on %s", (dialect) => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  let areaId: string;
  let freeAreaId: string;
  let otherAreaId: string;
  let admin: OwnerClient;
  let manager: OwnerClient;
  let reporting: OwnerClient;
  let editor: OwnerClient;
  let otherAdmin: OwnerClient;
  let sites: CustomerSites | undefined;

  beforeAll(async () => {
    sites = await createCustomerSites(dialect, 'Grant', {
      config: { logLevel: 'silent' },
      setup: (app) => registerPages(app, app.emporium, { islands: staticIslandAssets(false) }),
    });
    ({ t, a, b, admin, manager, reporting, editor, otherAdmin } = sites);
    const db = t.testDb.db;
    const [page] = await db
      .insert(collections)
      .values({
        websiteId: a.id,
        type: 10,
        urlId: 'members',
        title: 'Members',
        settings: { kind: 'page', blocks: [{ typeName: 'html', html: `<p>${SECRET}</p>` }] },
      })
      .returning();
    areaId = await createArea(db, a.id, {
      name: 'Studio members',
      description: '',
      priceCents: 900,
      billing: 'one-time',
      trialDays: 0,
      gates: [{ kind: 'collection', id: page!.id }],
    });
    freeAreaId = await createArea(db, a.id, { name: 'Newsletter circle', description: '', priceCents: 0, billing: 'one-time', trialDays: 0 });
    otherAreaId = await createArea(db, b.id, { name: 'Elsewhere', description: '', priceCents: 0, billing: 'one-time', trialDays: 0 });
  }, 120_000);
  afterAll(() => sites?.close());

  it('grants an area free of charge and revokes it: the member’s next view of /members follows at once, past the page cache', async () => {
    const ada = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `ada.${dialect}@example.com`);
    const memberships = `${CUSTOMERS_PATH}/${ada.siteUserId}/memberships`;
    const view = () => ada.browser.send('GET', '/members', { headers: { accept: 'text/html' } });

    const before = await view();
    expect(before.statusCode).toBe(403);
    expect(before.body).toContain('page-type-106');
    expect(before.body).not.toContain(SECRET);
    expect((await admin.call('GET', memberships)).json()).toEqual({ memberships: [] });

    // The store manager runs member areas (members:write).
    const granted = await manager.call('POST', memberships, { areaId });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().memberships).toEqual([
      expect.objectContaining({ areaId, areaName: 'Studio members', source: 'owner', active: true, endedAt: null, renewsAt: null, orderNumber: null }),
    ]);
    const member = await view();
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain(SECRET);
    expect(member.headers['x-page-cache']).toBe('bypass');
    const twice = await manager.call('POST', memberships, { areaId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CustomerMembershipMessages.ALREADY_MEMBER);

    // A free join shows how it was gained.
    const joined = await ada.browser.send('POST', `/commerce/join/${freeAreaId}`, { form: {} });
    expect(joined.statusCode, joined.body).toBeLessThan(400);
    const listed = (await reporting.call('GET', memberships)).json().memberships;
    expect(listed.map((m: { areaName: string; source: string }) => [m.areaName, m.source])).toEqual([
      ['Newsletter circle', 'free'],
      ['Studio members', 'owner'],
    ]);

    const revoked = await manager.call('DELETE', `${memberships}/${areaId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const ended = revoked.json().memberships.find((m: { areaId: string }) => m.areaId === areaId);
    expect(ended).toMatchObject({ active: false, source: 'owner' });
    expect(ended.endedAt).toEqual(expect.any(String));
    const after = await view();
    expect(after.statusCode).toBe(403);
    expect(after.body).toContain('page-type-106');
    expect(after.body).not.toContain(SECRET);
    expect(after.headers['x-page-cache']).toBe('bypass');
    const again = await manager.call('DELETE', `${memberships}/${areaId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CustomerMembershipMessages.NOT_MEMBER);

    // Granted again after a revoke: a new membership, the old one stays in the history.
    expect((await admin.call('POST', memberships, { areaId })).statusCode).toBe(201);
    expect((await view()).body).toContain(SECRET);
    const audit = (await admin.call('GET', '/api/owner/audit')).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['member-areas.grant', 'member-areas.revoke']));
  }, 120_000);

  it('needs members:read to list and members:write to change; another site’s customer or area is 404; the crumb is checked', async () => {
    const bea = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `bea.${dialect}@example.com`);
    const memberships = `${CUSTOMERS_PATH}/${bea.siteUserId}/memberships`;
    const refusedRead = await editor.call('GET', memberships);
    expect(refusedRead.statusCode).toBe(403);
    expect(refusedRead.json().permission).toBe('members:read');
    const refusedWrite = await reporting.call('POST', memberships, { areaId });
    expect(refusedWrite.statusCode).toBe(403);
    expect(refusedWrite.json().permission).toBe('members:write');
    expect((await reporting.call('DELETE', `${memberships}/${areaId}`)).statusCode).toBe(403);

    expect((await otherAdmin.call('GET', memberships)).statusCode).toBe(404);
    expect((await otherAdmin.call('POST', memberships, { areaId: otherAreaId })).statusCode).toBe(404);
    const foreignArea = await admin.call('POST', memberships, { areaId: otherAreaId });
    expect(foreignArea.statusCode).toBe(404);
    expect(foreignArea.json().message).toBe(MemberAreaMessages.NOT_FOUND);
    const badBody = await admin.call('POST', memberships, { areaId: 'not an id!' });
    expect(badBody.statusCode).toBe(400);
    const noCrumb = await postWithoutCrumb(t, admin, memberships, { areaId });
    expect([401, 403]).toContain(noCrumb.statusCode);
    expect((await admin.call('GET', memberships)).json().memberships).toEqual([]);
  }, 60_000);
});
