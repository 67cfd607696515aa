import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner } from '../../test-support/owners.js';
import { createTestApp, crumbForHost, dashboardTarget, type TestApp } from '../../test-support/test-app.js';
import { ownerAccountSessions } from '../db/schema-owners.js';
import {
  newSecret,
  ownerCookieName,
  OWNER_ROLES,
  OWNER_SIGN_IN_REQUIRED,
  permissionsOf,
  roleCan,
  sha256,
  type OwnerPermission,
  type OwnerRole,
} from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';

/** Owner calls anyone may make: they are how an owner gets a session. */
const PUBLIC_CALLS = new Set([
  'POST /api/owner/session',
  'POST /api/owner/password-reset',
  'POST /api/owner/password-reset/confirm',
  'POST /api/owner/invitations/accept',
  'GET /api/owner/sites',
  'POST /api/owner/setup',
]);
/** Calls that more than one permission opens: the one role none is told of, and the others. */
const ALSO_ALLOWED: Readonly<Record<string, readonly OwnerPermission[]>> = {
  // The collection list names stores for the catalogue and collections for their passwords (settings).
  'GET /api/owner/catalogue/collections': ['settings:read'],
};
/** Owner calls any signed-in owner of the site may make, whatever the role. */
const SESSION_CALLS = new Set(['GET /api/owner/session', 'DELETE /api/owner/session', 'POST /api/owner/session/revoke-all', 'PUT /api/owner/password']);

/** The owner's moderation queues (comments and reviews), which live beside the visitors' content calls. */
const MODERATION_QUEUES = ['/api/content/comments', '/api/content/reviews'];

/** API calls under /api/owner, the spec's owner calls (/api/content-service), the moderation queues, and every API call tagged 'owner' or 'owner …' (not the admin app's pages). */
function isOwnerCall(path: string, tags: string[]): boolean {
  if (!path.startsWith('/api/')) return false;
  if (MODERATION_QUEUES.some((queue) => path === queue || path.startsWith(`${queue}/`))) return true;
  return path.startsWith('/api/owner/') || path.startsWith('/api/content-service/') || tags.some((tag) => tag === 'owner' || tag.startsWith('owner '));
}

interface OwnerCall {
  method: string;
  path: string;
  url: string;
}

/**
 * Every role against every owner call (issue 12, acceptance 2): the calls come from
 * /api/openapi.json ({@link isOwnerCall}); the permission each needs is what it names when the role 'none' is
 * refused; allowed roles get neither 401 nor 403, the others 403, a session of another site
 * 401, and no session 401.
 */
describe('role x owner call matrix (issue 12, acceptance 2)', () => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  let calls: OwnerCall[];
  const ownerIds = new Map<OwnerRole, string>();

  beforeAll(async () => {
    t = await createTestApp({ rateLimitStore: { hit: async () => 1, close: async () => {} }, config: { outboxPollMs: 600_000 } });
    a = await t.createSite({ identifier: 'matrix-a', title: 'A' });
    b = await t.createSite({ identifier: 'matrix-b', title: 'B' });
    for (const role of OWNER_ROLES) ownerIds.set(role, (await makeOwner(t.testDb.db, a.id, `${role}@example.com`, role)).id);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: t.hostOf(a) } })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    calls = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) =>
            ['get', 'post', 'put', 'patch', 'delete'].includes(method) &&
            isOwnerCall(path, operation.tags ?? []) &&
            !(operation.tags ?? []).includes('owner dashboard'),
        )
        .map(([method]) => ({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, 'matrix-x') })),
    );
  }, 120_000);
  afterAll(() => t.close());

  /** A fresh session of a role's owner of site A (inserted directly: calls like revoke-all end sessions). */
  async function sessionOf(role: OwnerRole): Promise<string> {
    const token = newSecret();
    await t.testDb.db
      .insert(ownerAccountSessions)
      .values({ tokenHash: sha256(token), websiteId: a.id, ownerId: ownerIds.get(role)!, expiresAt: new Date(Date.now() + 3_600_000) });
    return `${ownerCookieName(false, a.id)}=${token}`;
  }

  async function send(call: OwnerCall, site: Website, session: string | undefined) {
    const target = await dashboardTarget(t.app, t.hostOf(site));
    const host = target.host;
    const crumb = await crumbForHost(t.app, host);
    const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
    return t.app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: {
        host,
        'x-emporium-site': target.site!,
        accept: 'application/json',
        cookie: [`crumb=${crumb}`, ...(session ? [session] : [])].join('; '),
        'x-csrf-token': crumb,
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { payload: '{}' } : {}),
    });
  }

  const key = (call: OwnerCall) => `${call.method} ${call.path}`;

  it('finds the owner calls, including the account calls and the audit log', () => {
    const keys = calls.map(key);
    expect(keys.length).toBeGreaterThan(20);
    for (const expected of [
      ...SESSION_CALLS,
      'GET /api/owner/audit',
      'GET /api/owner/owners',
      'POST /api/owner/owners',
      'PATCH /api/owner/owners/{ownerId}',
      'DELETE /api/owner/owners/{ownerId}',
      'GET /api/owner/payments/reconciliation',
      'POST /api/owner/payments/reconciliation/run',
      'GET /api/multilingual/settings',
      'GET /api/multilingual/status',
      'GET /api/multilingual/languages',
      'PUT /api/multilingual/languages',
      'DELETE /api/multilingual/connection',
      'GET /api/owner/translations',
      'PUT /api/owner/translations',
      'GET /api/owner/translations/export',
      'POST /api/owner/translations/import',
      'GET /api/owner/site-users/settings',
      'PUT /api/owner/site-users/settings',
      'GET /api/owner/site-users',
      'GET /api/owner/site-users/export.csv',
      'GET /api/owner/site-users/{siteUserId}',
      'DELETE /api/owner/site-users/{siteUserId}',
      'GET /api/owner/site-settings',
      'GET /api/owner/site-settings/choices',
      'PUT /api/owner/site-settings/store',
      'PUT /api/owner/site-settings/captcha',
      'PUT /api/owner/site-settings/visitor',
      'GET /api/owner/member-areas',
      'POST /api/owner/member-areas',
      'GET /api/owner/member-areas/{areaId}',
      'PUT /api/owner/member-areas/{areaId}',
      'DELETE /api/owner/member-areas/{areaId}',
      'PUT /api/owner/member-areas/{areaId}/gates',
      'GET /api/owner/member-areas/{areaId}/members',
      'GET /api/owner/courses',
      'POST /api/owner/courses',
      'GET /api/owner/courses/{courseId}',
      'PUT /api/owner/courses/{courseId}',
      'DELETE /api/owner/courses/{courseId}',
      'POST /api/owner/courses/{courseId}/chapters',
      'PUT /api/owner/courses/{courseId}/chapters/order',
      'PUT /api/owner/courses/{courseId}/chapters/{chapterId}',
      'DELETE /api/owner/courses/{courseId}/chapters/{chapterId}',
      'PUT /api/owner/courses/{courseId}/chapters/{chapterId}/lessons/order',
      'POST /api/owner/courses/{courseId}/lessons',
      'PUT /api/owner/courses/{courseId}/lessons/{lessonId}',
      'DELETE /api/owner/courses/{courseId}/lessons/{lessonId}',
    ])
      expect(keys).toContain(expected);
  });

  it('guards customer and member data with the customers and members permissions (issue 28, owner side)', async () => {
    const needs: Readonly<Record<string, OwnerPermission>> = {
      'GET /api/owner/site-users': 'customers:read',
      'GET /api/owner/site-users/export.csv': 'customers:read',
      'GET /api/owner/site-users/{siteUserId}': 'customers:read',
      'DELETE /api/owner/site-users/{siteUserId}': 'customers:write',
      'GET /api/owner/member-areas': 'members:read',
      'GET /api/owner/member-areas/{areaId}': 'members:read',
      'POST /api/owner/member-areas': 'members:write',
      'PUT /api/owner/member-areas/{areaId}': 'members:write',
      'DELETE /api/owner/member-areas/{areaId}': 'members:write',
      'PUT /api/owner/member-areas/{areaId}/gates': 'members:write',
      'GET /api/owner/member-areas/{areaId}/members': 'customers:read',
    };
    for (const [name, permission] of Object.entries(needs)) {
      const call = calls.find((c) => key(c) === name)!;
      const refused = await send(call, a, await sessionOf('editor'));
      expect(refused.statusCode, `${name} as editor`).toBe(403);
      expect(refused.json().permission, name).toBe(permission);
      const manager = (await send(call, a, await sessionOf('store-manager'))).statusCode;
      if (permission === 'customers:write') expect(manager, `${name} as store-manager`).toBe(403);
      else expect([401, 403], `${name} as store-manager`).not.toContain(manager);
    }
    // The session tells the dashboard what the role opens, so it can hide the screens it does not.
    const session = await send({ method: 'GET', path: '/api/owner/session', url: '/api/owner/session' }, a, await sessionOf('editor'));
    expect(session.json().owner.permissions).toEqual(permissionsOf('editor'));
    expect(session.json().owner.permissions).not.toContain('customers:read');
    expect(permissionsOf('store-manager')).toEqual(expect.arrayContaining(['customers:read', 'members:write']));
    expect(permissionsOf('store-manager')).not.toContain('customers:write');
  });

  it('refuses every owner call without a session, and with a session of another site (401)', async () => {
    const admin = await sessionOf('admin');
    for (const call of calls.filter((c) => !PUBLIC_CALLS.has(key(c)))) {
      for (const [site, session] of [
        [a, undefined],
        [b, admin],
      ] as const) {
        const response = await send(call, site, session);
        expect(response.statusCode, `${key(call)} on ${site.identifier} ${session ? "with site A's session" : 'without a session'}`).toBe(401);
        expect(response.json().message).toBe(OWNER_SIGN_IN_REQUIRED);
      }
    }
  }, 300_000);

  it('lets each role make exactly the calls its permissions allow (others 403)', async () => {
    const failures: string[] = [];
    for (const call of calls.filter((c) => !PUBLIC_CALLS.has(key(c)))) {
      const probe = await send(call, a, await sessionOf('none'));
      let permission: OwnerPermission | 'admin' | undefined;
      if (SESSION_CALLS.has(key(call))) {
        if (probe.statusCode === 401 || probe.statusCode === 403) failures.push(`${key(call)}: a session call refused role none with ${probe.statusCode}`);
      } else if (probe.statusCode !== 403 || typeof probe.json().permission !== 'string') {
        failures.push(`${key(call)}: role none got ${probe.statusCode} instead of 403 naming the permission`);
        continue;
      } else {
        permission = probe.json().permission;
      }
      for (const role of OWNER_ROLES) {
        const allowed =
          permission === undefined ||
          (permission === 'admin' ? role === 'admin' : roleCan(role, permission)) ||
          (ALSO_ALLOWED[key(call)] ?? []).some((other) => roleCan(role, other));
        const status = (await send(call, a, await sessionOf(role))).statusCode;
        const ok = allowed ? status !== 401 && status !== 403 : status === 403;
        if (!ok) failures.push(`${key(call)} as ${role} (needs ${permission ?? 'a session'}): ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
