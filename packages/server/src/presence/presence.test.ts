import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { Website } from '../sites/index.js';
import { PRESENCE_WINDOW_MS } from './presence-repository.js';
import { PRESENCE_PATH } from './routes.js';

// The editor's presence (issue 26, item 7: "Two owners editing the same page get a clear
// conflict message …; presence ("Ana is editing") is welcome").
let t: TestApp;
let site: Website;
let other: Website;
let ana: OwnerClient;
let ben: OwnerClient;
let anaAgain: OwnerClient;
let viewer: OwnerClient;
let stranger: OwnerClient;
let now = new Date('2026-12-07T10:00:00Z');
const PAGE = 'collection:0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  site = await t.createSite({ identifier: 'presence', title: 'Presence' });
  other = await t.createSite({ identifier: 'presence-other', title: 'Other' });
  const { db } = t.testDb;
  await makeOwner(db, site.id, 'ana@presence.test', 'editor');
  await makeOwner(db, site.id, 'ben@presence.test', 'admin');
  await makeOwner(db, site.id, 'vic@presence.test', 'viewer');
  await makeOwner(db, other.id, 'sam@presence.test', 'admin');
  ana = await signInOwner(t.app, t.hostOf(site), 'ana@presence.test');
  anaAgain = await signInOwner(t.app, t.hostOf(site), 'ana@presence.test');
  ben = await signInOwner(t.app, t.hostOf(site), 'ben@presence.test');
  viewer = await signInOwner(t.app, t.hostOf(site), 'vic@presence.test');
  stranger = await signInOwner(t.app, t.hostOf(other), 'sam@presence.test');
});
afterAll(async () => {
  await t?.close();
});

const announce = (client: OwnerClient, subject = PAGE) => client.call('PUT', PRESENCE_PATH, { subject });
const emails = (answer: { json(): { editors: { email: string }[] } }) => answer.json().editors.map((e) => e.email);

describe('who else is editing (PUT/DELETE /api/owner/presence)', () => {
  it('tells each editor of a page who else has it open, and nobody of another page', async () => {
    const first = await announce(ana);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store, private');
    expect(first.json()).toMatchObject({ editors: [], heartbeatMs: 10_000, windowMs: PRESENCE_WINDOW_MS });
    now = new Date(now.getTime() + 2_000);
    const second = await announce(ben);
    expect(second.json().editors).toEqual([{ email: 'ana@presence.test', sameAccount: false, since: '2026-12-07T10:00:00.000Z' }]);
    expect(emails(await announce(ana))).toEqual(['ben@presence.test']);
    expect(emails(await announce(ben, 'settings.navigation'))).toEqual([]);
  });

  it('marks the same account in another browser, and forgets an editor who closed the page or went quiet', async () => {
    const again = await announce(anaAgain);
    expect(again.json().editors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'ana@presence.test', sameAccount: true }),
        expect.objectContaining({ email: 'ben@presence.test', sameAccount: false }),
      ]),
    );
    const closed = await anaAgain.call('DELETE', `${PRESENCE_PATH}?subject=${encodeURIComponent(PAGE)}`);
    expect(closed.statusCode).toBe(204);
    expect(emails(await announce(ben))).toEqual(['ana@presence.test']);
    // Ana's tab stops sending heartbeats: after the window she is no longer listed.
    now = new Date(now.getTime() + PRESENCE_WINDOW_MS + 1_000);
    expect(emails(await announce(ben))).toEqual([]);
  });

  it('keeps sites apart, needs content:write, and refuses a malformed subject', async () => {
    await announce(ben);
    expect(emails(await announce(stranger))).toEqual([]);
    const refused = await announce(viewer);
    expect(refused.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: PRESENCE_PATH,
      headers: { host: ben.host, 'content-type': 'application/json' },
      payload: { subject: PAGE },
    });
    expect([401, 403]).toContain(unsigned.statusCode);
    const bad = await announce(ben, '<script>');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Name the page or setting being edited, as the drafts call names it.');
  });
});
