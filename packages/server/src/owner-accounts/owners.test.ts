import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, ownerClient, ownerHeaders, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { cookieFrom, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { auditLog } from '../db/schema-owners.js';
import { outbox } from '../db/schema.js';
import { OWNER_ROLE_REFUSED, SECURE_OWNER_COOKIE } from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';
import { AUDIT_PATH, LAST_ADMIN_MESSAGE, listOwners, LINK_INVALID_MESSAGE, OWNER_EXISTS_MESSAGE, OWNERS_PATH, SESSION_PATH } from './index.js';

const PASSWORD = 'invited owner password';

describe('owners of a site: invitations, roles, removal (issue 12)', () => {
  let t: TestApp;
  let a: Website;
  let admin: OwnerClient;
  const tokenOf = (text: string) => decodeURIComponent(/#token=([^\s"<]+)/.exec(text)![1]!);
  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 } });
    a = await t.createSite({ identifier: 'team-a', title: 'Team <A>' });
    await makeOwner(t.testDb.db, a.id, 'boss@example.com', 'admin');
    admin = await signInOwner(t.app, t.hostOf(a), 'boss@example.com');
  });
  afterAll(() => t.close());

  const accept = async (token: string, password = PASSWORD) => {
    const headers = await ownerHeaders(t.app, t.hostOf(a));
    return t.app.inject({
      method: 'POST',
      url: '/api/owner/invitations/accept',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password }),
    });
  };

  it('invites by mail with the chosen role; accepting sets the password and signs in with that role', async () => {
    const invited = await admin.call('POST', OWNERS_PATH, { email: 'Writer@Example.com', role: 'editor' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().owner).toMatchObject({ email: 'writer@example.com', role: 'editor', invitationPending: true, lastSignInAt: null });
    expect((await admin.call('POST', OWNERS_PATH, { email: 'writer@example.com', role: 'viewer' })).json()).toMatchObject({
      error: 'CONFLICT',
      message: OWNER_EXISTS_MESSAGE,
    });
    const bad = await admin.call('POST', OWNERS_PATH, { email: 'x@example.com', role: 'emperor' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['role']);

    const [mail] = await t.testDb.db.select().from(outbox).where(eq(outbox.kind, 'owner-invitation'));
    expect(mail).toMatchObject({ toAddress: 'writer@example.com', subject: 'You are invited to run Team <A>' });
    expect(mail!.htmlBody).toContain('Team &lt;A&gt;');
    expect(mail!.textBody).toContain('boss@example.com invited you');
    expect(mail!.textBody).toMatch(/http:\/\/admin\.localhost(:\d+)?\/sites\/team-a\/accept-invitation#token=/);

    const token = tokenOf(mail!.textBody);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      owner: { id: invited.json().owner.id, email: 'writer@example.com', role: 'editor', mustChangePassword: false },
      site: { identifier: 'team-a' },
    });
    expect(cookieFrom(accepted, `emporium_owner_${a.id}`)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await accept(token, 'another long password')).json().message).toBe(LINK_INVALID_MESSAGE);

    const writer = await signInOwner(t.app, t.hostOf(a), 'writer@example.com', PASSWORD);
    const refused = await writer.call('GET', OWNERS_PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_ROLE_REFUSED);
    expect((await writer.call('POST', OWNERS_PATH, { email: 'sneaky@example.com', role: 'admin' })).statusCode).toBe(403);
  });

  it('lists owners for admins and changes roles', async () => {
    const list = (await admin.call('GET', OWNERS_PATH)).json().owners;
    expect(list.map((o: { email: string }) => o.email)).toEqual(['boss@example.com', 'writer@example.com']);
    const writer = list[1];
    const changed = await admin.call('PATCH', `${OWNERS_PATH}/${writer.id}`, { role: 'store-manager' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().owner.role).toBe('store-manager');
    expect((await admin.call('PATCH', `${OWNERS_PATH}/missing`, { role: 'viewer' })).statusCode).toBe(404);
  });

  it('never demotes or removes the last admin (409), and removal ends the sessions', async () => {
    const me = (await admin.call('GET', SESSION_PATH)).json().owner.id;
    for (const attempt of [admin.call('PATCH', `${OWNERS_PATH}/${me}`, { role: 'viewer' }), admin.call('DELETE', `${OWNERS_PATH}/${me}`)]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(LAST_ADMIN_MESSAGE);
    }
    const second = await makeOwner(t.testDb.db, a.id, 'deputy@example.com', 'admin');
    const deputy = await signInOwner(t.app, t.hostOf(a), 'deputy@example.com');
    const results = await Promise.all([admin.call('DELETE', `${OWNERS_PATH}/${second.id}`), deputy.call('DELETE', `${OWNERS_PATH}/${me}`)]);
    expect(results.map((r) => r.statusCode).sort()).toContain(204);
    const admins = (await listOwners(t.testDb.db, a.id)).filter((o) => o.role === 'admin');
    expect(admins).toHaveLength(1);
    const removed = results[0]!.statusCode === 204 ? deputy : admin;
    expect((await removed.call('GET', SESSION_PATH)).statusCode).toBe(401);
  });

  it('writes an audit entry for every change', async () => {
    const actions = (await t.testDb.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.websiteId, a.id))).map((r) => r.action);
    for (const action of ['owner.add', 'owner.sign-in', 'owner.invite', 'owner.invitation-accept', 'owner.role-change', 'owner.remove'])
      expect(actions).toContain(action);
  });
});

describe('owner session cookie over HTTPS', () => {
  it('uses the __Host- prefix with Secure, HttpOnly, SameSite=Strict and Path=/, and reads no other name (#24)', async () => {
    const t = await createTestApp({ config: { secureCookies: true } });
    try {
      const site = await t.createSite({ identifier: 'secure-a', title: 'S' });
      await makeOwner(t.testDb.db, site.id, 'o@example.com', 'viewer');
      const client = await signInOwner(t.app, t.hostOf(site), 'o@example.com');
      expect(client.cookie).toContain(`${SECURE_OWNER_COOKIE}_${site.id}=`);
      const headers = await ownerHeaders(t.app, t.hostOf(site));
      const response = await t.app.inject({
        method: 'POST',
        url: SESSION_PATH,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'o@example.com', password: 'correct horse battery staple' }),
      });
      const setCookie = (response.headers['set-cookie'] as string[]).find((cookie) => cookie.includes('emporium_owner'))!;
      expect(setCookie).toMatch(new RegExp(`^__Host-emporium_owner_${site.id}=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=/; HttpOnly; Secure; SameSite=Strict$`));
      expect((await client.call('GET', AUDIT_PATH)).statusCode).toBe(403);
      // Over HTTPS the same session under the name without the prefix is not accepted.
      const plain = await ownerClient(t.app, t.hostOf(site), client.sessionCookie.replace('__Host-', ''));
      expect((await plain.call('GET', SESSION_PATH)).statusCode).toBe(401);
      expect((await client.call('GET', SESSION_PATH)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
