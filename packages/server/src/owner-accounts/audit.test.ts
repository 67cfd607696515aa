import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, crumbForHost, type TestApp } from '../../test-support/test-app.js';
import { requireOwner } from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';
import { AUDIT_PATH, recordAudit, recordAuditAs } from './index.js';

const OWNER_TOKEN = 'audit-test-owner-token-0123456789abcdef';

describe('audit log per site (issue 12: "An audit log per site")', () => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  const bearer = { authorization: `Bearer ${OWNER_TOKEN}` };
  beforeAll(async () => {
    t = await createTestApp({
      config: { ownerToken: OWNER_TOKEN },
      setup: (app) => {
        app.post('/api/owner/test-audited-change', { preValidation: requireOwner(app.emporium.db, OWNER_TOKEN, 'catalogue:write') }, async (request) => {
          await recordAudit(app.emporium.db, request, { action: 'product.update', subjectType: 'product', subjectId: 'p1', detail: { price: 1200 } });
          return { ok: true };
        });
      },
    });
    a = await t.createSite({ identifier: 'audit-a', title: 'A' });
    b = await t.createSite({ identifier: 'audit-b', title: 'B' });
  });
  afterAll(() => t.close());

  const list = (site: Website, query = '', headers: Record<string, string> = bearer) =>
    t.app.inject({ method: 'GET', url: `${AUDIT_PATH}${query}`, headers: { host: t.hostOf(site), ...headers } });

  it('records the acting owner of a request and lists entries of the site only, newest first', async () => {
    const crumb = await crumbForHost(t.app, t.hostOf(a));
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/owner/test-audited-change',
      headers: { host: t.hostOf(a), cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, ...bearer },
    });
    expect(changed.statusCode).toBe(200);
    await recordAuditAs(t.testDb.db, b.id, { ownerId: null, email: 'cli@example.com' }, { action: 'owner.add', subjectType: 'owner' });

    const page = await list(a);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store, private');
    const body = page.json();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      ownerId: null,
      actorEmail: null,
      action: 'product.update',
      subjectType: 'product',
      subjectId: 'p1',
      detail: { price: 1200 },
    });
    expect(Date.parse(body.entries[0].createdAt)).not.toBeNaN();
    expect((await list(b)).json().entries.map((e: { action: string }) => e.action)).toEqual(['owner.add']);
  });

  it('pages with a cursor and never repeats or skips an entry', async () => {
    for (let i = 0; i < 7; i++) await recordAuditAs(t.testDb.db, b.id, { ownerId: null, email: null }, { action: `step.${i}`, subjectType: 'test' });
    const seen: Array<{ action: string; createdAt: string }> = [];
    let cursor = '';
    for (;;) {
      const page = (await list(b, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.entries);
      if (!page.hasNextPage) break;
      cursor = page.nextPageCursor;
    }
    expect(seen.map((e) => e.action).sort()).toEqual(['owner.add', 'step.0', 'step.1', 'step.2', 'step.3', 'step.4', 'step.5', 'step.6']);
    const times = seen.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await list(b, '?cursor=bogus')).statusCode).toBe(400);
  });

  it('needs an owner session (401, on the site origin and on the dashboard origin, #24)', async () => {
    expect((await list(a, '', {})).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: AUDIT_PATH, headers: { host: 'admin.localhost', 'x-emporium-site': a.identifier } });
    expect(refused.statusCode).toBe(401);
  });
});
