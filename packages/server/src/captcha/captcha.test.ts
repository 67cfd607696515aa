import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSubmissionPayload, FormMessages } from '@emporium/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyKindForm, everyKindValues, TEST_PAGE } from '../forms/forms-fixtures.js';
import { createForm, type FormRow } from '../forms/form-repository.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';
import type { Website } from '../sites/website.js';
import { createProductFixture } from '../../test-support/fixtures.js';
import { PowCaptchaProvider } from './pow-provider.js';
import { withRecaptchaSources } from './recaptcha-csp.js';
import { leadingZeroBits, meetsDifficulty, solvePowChallenge } from './proof-of-work.js';

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 1]))).toBe(23);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x0f, 0xff]))).toBe(4);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds a nonce whose sha256(challenge + nonce) meets the difficulty', async () => {
    const token = await solvePowChallenge({ challenge: 'abc', difficulty: 10 });
    const [challenge, nonce] = token.split(':');
    expect(challenge).toBe('abc');
    expect(await meetsDifficulty('abc', nonce!, 10)).toBe(true);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`abc${nonce}`)));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(10);
  });
});

interface FakeVerify {
  server: Server;
  url: string;
  calls: Array<{ path: string; body: string }>;
}

/** A local stand-in for the reCAPTCHA verify endpoints: tokens starting with 'good' pass. */
async function startFakeVerify(): Promise<FakeVerify> {
  const calls: FakeVerify['calls'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if ((req.url ?? '').startsWith('/siteverify')) {
        const token = new URLSearchParams(body).get('response') ?? '';
        const secret = new URLSearchParams(body).get('secret');
        res.end(JSON.stringify({ success: secret === 's3cret' && token.startsWith('good'), hostname: 'captcha.localhost' }));
        return;
      }
      const event = (JSON.parse(body) as { event: { token: string; expectedAction: string } }).event;
      const score = event.token === 'good-low' ? 0.1 : 0.9;
      res.end(JSON.stringify({ tokenProperties: { valid: event.token.startsWith('good'), action: event.expectedAction }, riskAnalysis: { score } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, calls };
}

describe('captcha on forms and restock (spec 8)', () => {
  let fake: FakeVerify;
  let t: FormsTestApp;
  const sites: Record<string, { site: Website; form: FormRow }> = {};

  beforeAll(async () => {
    fake = await startFakeVerify();
    t = await createFormsTestApp({
      recaptchaVerifyUrl: `${fake.url}/siteverify`,
      recaptchaEnterpriseUrl: `${fake.url}/v1/projects/{project}/assessments`,
      submissionsPerWindow: 100_000,
    });
    const settings = {
      pow: { captcha: { enabled: true, difficulty: 8 } },
      checkbox: { captchaSiteKey: 'site-key', captcha: { enabled: true, provider: 'recaptcha', secret: 's3cret' } },
      enterprise: { captchaSiteKey: 'site-key', captcha: { enabled: true, provider: 'recaptcha-enterprise', projectId: 'proj', apiKey: 'api-key' } },
      unset: { captcha: { enabled: true, provider: 'recaptcha' } },
    };
    for (const [name, siteSettings] of Object.entries(settings)) {
      const site = await t.createSite({ identifier: `captcha-${name}`, title: name, settings: siteSettings });
      const form = await createForm(t.testDb.db, site.id, { ...everyKindForm(name), captchaEnabled: true });
      sites[name] = { site, form };
    }
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  async function submit(name: string, captchaKey?: string) {
    const { site, form } = sites[name]!;
    const key = await t.submissionKey(site);
    const payload = buildSubmissionPayload({ fields: form.fields as never, values: everyKindValues(name), key, captchaKey, page: TEST_PAGE });
    return t.call(site, 'POST', '/api/form/SaveFormSubmission', payload);
  }

  async function powToken(name: string): Promise<string> {
    const response = await t.call(sites[name]!.site, 'GET', '/api/captcha/challenge');
    expect(response.statusCode).toBe(200);
    const challenge = response.json();
    expect(challenge).toMatchObject({ difficulty: 8, algorithm: 'SHA-256' });
    return solvePowChallenge(challenge);
  }

  it('tells browsers the provider and site key, never the secrets', async () => {
    const read = async (name: string) => (await t.call(sites[name]!.site, 'GET', '/api/captcha/settings')).json();
    expect(await read('pow')).toEqual({ enabled: true, provider: 'pow', siteKey: '' });
    expect(await read('checkbox')).toEqual({ enabled: true, provider: 'recaptcha', siteKey: 'site-key' });
    expect(await read('enterprise')).toEqual({ enabled: true, provider: 'recaptcha-enterprise', siteKey: 'site-key' });
  });

  it("lets Google's reCAPTCHA script and frame through the CSP only on reCAPTCHA sites", async () => {
    const csp = async (name: string) => String((await t.call(sites[name]!.site, 'GET', '/api/captcha/settings')).headers['content-security-policy']);
    expect(await csp('pow')).not.toContain('google');
    for (const name of ['checkbox', 'enterprise']) {
      const policy = await csp(name);
      expect(policy).toMatch(
        /script-src \S+\/assets\/storefront\/assets\/ \S+\/static\/theme\/ \S+\/assets\/scripts\/ 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
      );
      expect(policy).not.toMatch(/script-src[^;]*'self'/);
      expect(policy).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
      expect(policy).toContain("default-src 'self'");
    }
    expect(withRecaptchaSources("default-src 'self'")).toBe(
      "default-src 'self'; script-src https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
  });

  it("asks for the captcha: 'Complete CAPTCHA before submitting.'", async () => {
    const response = await submit('pow');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Complete CAPTCHA before submitting.');
  });

  it('accepts a solved proof-of-work challenge once, and refuses it the second time', async () => {
    const token = await powToken('pow');
    expect((await submit('pow', token)).statusCode).toBe(200);
    const again = await submit('pow', token);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('reCAPTCHA failed. Refresh this page and try again.');
  });

  it('refuses an unsolved nonce and a challenge of another site', async () => {
    const response = await t.call(sites.pow!.site, 'GET', '/api/captcha/challenge');
    const { challenge } = response.json();
    let nonce = 0;
    while (await meetsDifficulty(challenge, nonce.toString(36), 8)) nonce += 1;
    expect((await submit('pow', `${challenge}:${nonce.toString(36)}`)).json().message).toBe(FormMessages.RECAPTCHA_FAILED);
    const foreign = await powToken('pow');
    const provider = new PowCaptchaProvider();
    const check = { db: t.testDb.db, token: foreign, action: 'form_block' as const };
    expect(await provider.verify({ ...check, websiteId: sites.checkbox!.site.id })).toEqual({ ok: false, reason: 'failed' });
    expect(await provider.verify({ ...check, websiteId: sites.pow!.site.id })).toEqual({ ok: true });
  });

  it('verifies reCAPTCHA checkbox tokens server-side at the configured verify URL', async () => {
    expect((await submit('checkbox')).json().message).toBe(FormMessages.CAPTCHA_REQUIRED);
    expect((await submit('checkbox', 'good-1')).statusCode).toBe(200);
    const bad = await submit('checkbox', 'bad-1');
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('reCAPTCHA failed. Refresh this page and try again.');
    const call = fake.calls.find((c) => c.path === '/siteverify' && c.body.includes('good-1'));
    expect(new URLSearchParams(call!.body).get('secret')).toBe('s3cret');
  });

  it('verifies reCAPTCHA Enterprise v3 assessments: valid, expected action, score at least 0.5', async () => {
    expect((await submit('enterprise', 'good-high')).statusCode).toBe(200);
    expect((await submit('enterprise', 'good-low')).statusCode).toBe(403);
    expect((await submit('enterprise', 'forged')).statusCode).toBe(403);
    const call = fake.calls.find((c) => c.path.startsWith('/v1/projects/proj/assessments') && c.body.includes('good-high'));
    expect(call!.path).toContain('key=api-key');
    expect(JSON.parse(call!.body).event).toMatchObject({ siteKey: 'site-key', expectedAction: 'form_block' });
  });

  it('guards restock sign-ups when the site enables captcha (captchaToken, or recaptchaEnterpriseV3Token for Enterprise)', async () => {
    const restock = async (name: string, tokens: Record<string, string>) => {
      const { site } = sites[name]!;
      const product = await createProductFixture(t.testDb.db, site.id, { qtyInStock: 0 });
      return t.call(site, 'POST', '/api/site-users/account/notifications/restock', {
        isJoinMailingList: false,
        productId: product.itemId,
        variantId: product.variantId,
        siteVisitorEmail: 'v@example.com',
        ...tokens,
      });
    };
    const missing = await restock('pow', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Complete CAPTCHA before submitting.');
    expect((await restock('pow', { captchaToken: await powToken('pow') })).statusCode).toBe(200);
    expect((await restock('enterprise', { captchaToken: 'good-high' })).json().message).toBe(FormMessages.CAPTCHA_REQUIRED);
    expect((await restock('enterprise', { recaptchaEnterpriseV3Token: 'good-high' })).statusCode).toBe(200);
    const call = [...fake.calls].reverse().find((c) => c.path.startsWith('/v1/projects/proj/assessments'));
    expect(JSON.parse(call!.body).event.expectedAction).toBe('product_waitlist');
  });

  it("reports 'ReCaptcha has not been set up!' when reCAPTCHA is chosen without keys", async () => {
    const response = await submit('unset', 'good-1');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('ReCaptcha has not been set up!');
  });
});
