import { buildSubmissionPayload, FormMessages } from '@emporium/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../sites/website.js';
import { fetchCrumb } from '../../test-support/test-app.js';
import { everyKindForm, everyKindValues, TEST_PAGE } from './forms-fixtures.js';
import { createForm, type FormRow } from './form-repository.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';

/** Small limits; the counters live in Redis when REDIS_URL is set, in memory otherwise. */
const LIMITS = { submissionsPerWindow: 20, submissionsPerClient: 3, rateWindowMs: 24 * 60 * 60_000, redisUrl: process.env.REDIS_URL };
const SAVE = '/api/form/SaveFormSubmission';
const KEY = '/api/form/FormSubmissionKey';

/** A browser: one address and the crumb cookie it got with its first page. */
interface Visitor {
  ip: string;
  crumb: string;
}

describe('form submission rate limits: per client, and a per-site ceiling only accepted submissions reach (spec 8: 429)', () => {
  let t: FormsTestApp;
  const forms = new Map<string, FormRow>();
  let addresses = 0;

  beforeAll(async () => {
    t = await createFormsTestApp(LIMITS);
  });
  afterAll(() => t.close());

  async function newSite(identifier: string): Promise<Website> {
    const site = await t.createSite({ identifier, title: identifier });
    forms.set(site.id, await createForm(t.testDb.db, site.id, everyKindForm(identifier)));
    return site;
  }

  function newAddress(): string {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  }

  /** A visitor who viewed a page of the site (and so holds its crumb), from `ip`. */
  async function newVisitor(site: Website, ip = newAddress()): Promise<Visitor> {
    return { ip, crumb: await fetchCrumb(t.app, t.hostOf(site)) };
  }

  function post(site: Website, visitor: Visitor, url: string, body: unknown) {
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: visitor.ip,
      headers: {
        host: t.hostOf(site),
        accept: 'application/json',
        cookie: `crumb=${visitor.crumb}`,
        'x-csrf-token': visitor.crumb,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
  }

  async function submit(site: Website, visitor: Visitor, options: { key?: string; values?: Record<string, unknown> } = {}) {
    const form = forms.get(site.id)!;
    let key = options.key;
    if (key === undefined) {
      const issued = await post(site, visitor, KEY, {});
      if (issued.statusCode !== 200) return issued;
      key = issued.json().key as string;
    }
    const values = everyKindValues(site.identifier, options.values);
    return post(site, visitor, SAVE, buildSubmissionPayload({ fields: form.fields as never, values, key, page: TEST_PAGE }));
  }

  it('issue 4: 125 crumb-less posts from one address do not stop a valid visitor on another address', async () => {
    const site = await newSite('crumbless');
    const attacker = await newVisitor(site);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 125; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: SAVE, remoteAddress: attacker.ip, headers: { host: t.hostOf(site) }, payload: {} });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.get(429)).toBeGreaterThan(0);
    const response = await submit(site, await newVisitor(site));
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
  });

  it('issue 4: submissions refused for validation or a bad key do not spend the site ceiling', async () => {
    const site = await newSite('refused');
    for (let i = 0; i < 25; i += 1) {
      const invalid = await submit(site, await newVisitor(site), { values: { 'refused-email': 'not an email' } });
      expect(invalid.statusCode).toBe(400);
      const badKey = await submit(site, await newVisitor(site), { key: `bogus-key-${i}` });
      expect(badKey.statusCode).toBe(401);
    }
    expect((await submit(site, await newVisitor(site))).statusCode).toBe(200);
  });

  it('issue 4: a visitor over its own limit gets 429 with Retry-After; another visitor on the same address is served', async () => {
    const site = await newSite('eager');
    const eager = await newVisitor(site);
    const keys: string[] = [];
    for (let i = 0; i < 3; i += 1) keys.push((await post(site, eager, KEY, {})).json().key as string);
    for (const key of keys) expect((await submit(site, eager, { key })).statusCode).toBe(200);
    const limited = await submit(site, eager, { key: keys[0] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(FormMessages.RATE_LIMITED);
    expect(limited.json().message).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await submit(site, await newVisitor(site, eager.ip))).statusCode).toBe(200);
  });

  it('issue 4: one address cannot spend the site ceiling by changing its crumb cookie', async () => {
    const site = await newSite('rotating');
    const ip = newAddress();
    let refused: Awaited<ReturnType<typeof submit>> | undefined;
    for (let i = 0; i < 20 && !refused; i += 1) {
      const response = await submit(site, await newVisitor(site, ip));
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect((await submit(site, await newVisitor(site))).statusCode).toBe(200);
  });

  it('issue 4: valid submissions from many addresses reach the per-site ceiling; another site is unaffected', async () => {
    const busy = await newSite('busy');
    for (let i = 0; i < 20; i += 1) expect((await submit(busy, await newVisitor(busy))).statusCode).toBe(200);
    const limited = await submit(busy, await newVisitor(busy));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const quiet = await newSite('quiet');
    expect((await submit(quiet, await newVisitor(quiet))).statusCode).toBe(200);
  });
});
