import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { OwnerRole } from '../owner-sessions/index.js';
import { enqueueMails } from './index.js';
import type { Website } from '../sites/index.js';

const KINDS = ['restock', 'form-submission', 'order-confirmation', 'order-shipped', 'owner-invitation', 'owner-password-reset', 'something-new'];

/** The kinds each role sees in GET /api/owner/outbox (403: the role may not open the outbox). */
const SEES: ReadonlyArray<[OwnerRole, string[] | 403]> = [
  ['admin', KINDS],
  ['store-manager', ['restock', 'order-confirmation', 'order-shipped']],
  ['viewer', ['restock', 'form-submission', 'order-confirmation', 'order-shipped']],
  ['editor', 403],
  ['reporting', 403],
];

describe('the outbox shows each owner only the mails of areas they may read (#24)', () => {
  let t: TestApp;
  let site: Website;

  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 } });
    site = await t.createSite({ identifier: 'outbox-roles', title: 'Outbox roles' });
    await enqueueMails(
      t.testDb.db,
      KINDS.map((kind) => ({ websiteId: site.id, kind, to: `${kind}@example.com`, subject: `About ${kind}`, text: kind, html: `<p>${kind}</p>` })),
    );
    for (const [role] of SEES) await makeOwner(t.testDb.db, site.id, `${role}@example.com`, role);
  });
  afterAll(() => t.close());

  it.each(SEES)('#24 %s', async (role, expected) => {
    const owner = await signInOwner(t.app, t.hostOf(site), `${role}@example.com`);
    const response = await owner.call('GET', '/api/owner/outbox');
    if (expected === 403) {
      expect(response.statusCode).toBe(403);
      return;
    }
    expect(response.statusCode).toBe(200);
    const kinds = (response.json() as { mails: { kind: string }[] }).mails.map((mail) => mail.kind);
    expect(kinds.sort()).toEqual([...expected].sort());
  });
});
