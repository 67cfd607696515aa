import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { crumbForHost } from '../../test-support/test-app.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { UNLOCK_RATE_LIMIT, WRONG_PASSWORD_MESSAGE } from './unlock-routes.js';

/**
 * The limiter counts in fixed windows aligned to the clock: a burst that straddles two windows
 * is counted in halves. Waits, when the current window has less than `burstMs` left, for the next.
 */
async function awayFromWindowEdge(windowMs: number, burstMs = 10_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const OWNER_TOKEN = 'access-owner-token-0123456789';
let t: PagesTestApp;
let crumbs: Record<'demo' | 'journal', string>;

beforeAll(async () => {
  t = await createPagesTestApp({ config: { ownerToken: OWNER_TOKEN } });
  crumbs = { demo: await crumbForHost(t.app, 'demo.localhost'), journal: await crumbForHost(t.app, 'journal.localhost') };
});
afterAll(async () => {
  await t?.close();
});

function ownerPut(site: 'demo' | 'journal', url: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: {
      host: `${site}.localhost`,
      cookie: `crumb=${crumbs[site]}`,
      'x-csrf-token': crumbs[site],
      authorization: `Bearer ${OWNER_TOKEN}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

function unlock(site: 'demo' | 'journal', fields: Record<string, string>, cookie = `crumb=${crumbs[site]}`): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/access/unlock',
    headers: { host: `${site}.localhost`, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function grantCookie(res: LightMyRequestResponse): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ss_unlock_'));
  expect(header).toMatch(/HttpOnly/);
  expect(header).toMatch(/SameSite=Lax/);
  return header!.split(';')[0]!;
}

describe('lock screen (103) unlock', () => {
  it('asks for a password, refuses a wrong one with a message, and admits with the right one', async () => {
    expect((await ownerPut('journal', '/api/owner/access/site', { password: 'trail-mix-42' })).statusCode).toBe(200);
    const locked = await t.get('journal', '/notes', { cookie: `crumb=${crumbs.journal}` });
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toContain('action="/api/access/unlock"');
    expect(locked.body).toContain(`name="crumb" value="${crumbs.journal}"`);
    expect(locked.body).toContain('name="scope" value="site"');
    expect(locked.body).not.toContain('scrypt$');
    expect(JSON.stringify((await t.context('journal', '/')).json)).not.toContain('scrypt$');

    const wrong = await unlock('journal', { crumb: crumbs.journal, scope: 'site', returnTo: '/notes', password: 'nope' });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/notes?unlock=failed');
    expect(wrong.headers['set-cookie'] ?? '').not.toMatch(/ss_unlock_/);
    const retry = await t.get('journal', '/notes?unlock=failed', { cookie: `crumb=${crumbs.journal}` });
    expect(retry.statusCode).toBe(403);
    expect(retry.body).toContain(WRONG_PASSWORD_MESSAGE);
    expect(retry.body).toContain('name="returnTo" value="/notes"');

    const right = await unlock('journal', { crumb: crumbs.journal, scope: 'site', returnTo: '/notes', password: 'trail-mix-42' });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/notes');
    const open = await t.get('journal', '/notes', { cookie: `crumb=${crumbs.journal}; ${grantCookie(right)}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('action="/api/access/unlock"');
  });

  it('needs the crumb', async () => {
    const res = await unlock('journal', { scope: 'site', returnTo: '/', password: 'trail-mix-42' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ crumbFail: true });
    expect(res.headers['set-cookie'] ?? '').not.toMatch(/ss_unlock_/);
  });

  it('a new password revokes earlier grants; clearing it reopens the site', async () => {
    const first = grantCookie(await unlock('journal', { crumb: crumbs.journal, scope: 'site', returnTo: '/', password: 'trail-mix-42' }));
    await ownerPut('journal', '/api/owner/access/site', { password: 'second-pass' });
    expect((await t.get('journal', '/', { cookie: `crumb=${crumbs.journal}; ${first}` })).statusCode).toBe(403);
    await ownerPut('journal', '/api/owner/access/site', { password: null });
    expect((await t.get('journal', '/', { cookie: `crumb=${crumbs.journal}` })).statusCode).toBe(200);
  });

  it('refuses owner calls without an owner session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/owner/access/site',
      headers: { host: 'journal.localhost', cookie: `crumb=${crumbs.journal}`, 'x-csrf-token': crumbs.journal, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'hijack' }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('protected collection (105) unlock', () => {
  it('unlocks one collection with its own password and keeps others locked', async () => {
    const { json } = await t.context('demo', '/journal');
    const id = String(json.collection.id);
    expect((await ownerPut('demo', `/api/owner/access/collections/${id}`, { password: 'walnut-ink' })).statusCode).toBe(200);
    const locked = await t.get('demo', '/journal/why-we-wash-our-linen-twice', { cookie: `crumb=${crumbs.demo}` });
    expect(locked.statusCode).toBe(401);
    expect(locked.body).toContain(`name="scope" value="${id}"`);
    const wrong = await unlock('demo', { crumb: crumbs.demo, scope: id, returnTo: '/journal/why-we-wash-our-linen-twice', password: 'walnut' });
    expect(wrong.headers.location).toBe('/journal/why-we-wash-our-linen-twice?unlock=failed');
    const right = await unlock('demo', { crumb: crumbs.demo, scope: id, returnTo: '/journal', password: 'walnut-ink' });
    const cookie = `crumb=${crumbs.demo}; ${grantCookie(right)}`;
    expect((await t.get('demo', '/journal', { cookie })).statusCode).toBe(200);
    expect((await t.get('demo', '/journal/why-we-wash-our-linen-twice', { cookie })).statusCode).toBe(200);
    await ownerPut('demo', `/api/owner/access/collections/${id}`, { password: null });
  });

  it('answers 404 for a scope with no password and 400 for a bad owner password', async () => {
    expect((await unlock('demo', { crumb: crumbs.demo, scope: 'site', returnTo: '/', password: 'x' })).statusCode).toBe(404);
    expect((await ownerPut('demo', '/api/owner/access/site', { password: 'abc' })).statusCode).toBe(400);
  });

  it('rate-limits unlock attempts (429)', async () => {
    await ownerPut('journal', '/api/owner/access/site', { password: 'trail-mix-42' });
    const statuses: number[] = [];
    await awayFromWindowEdge(UNLOCK_RATE_LIMIT.windowMs);
    for (let i = 0; i < 12; i++)
      statuses.push((await unlock('journal', { crumb: crumbs.journal, scope: 'site', returnTo: '/', password: `guess-${i}` })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(10);
  });
});
