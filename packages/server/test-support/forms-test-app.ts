import type { LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../src/config.js';
import type { OutboxDelivery } from '../src/outbox/index.js';
import type { Website } from '../src/sites/index.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './test-app.js';

/** A test app (without pages) and helpers to call the form, restock and owner calls as a browser would. */
export interface FormsTestApp extends TestApp {
  /** The app's outbox delivery (its sender exists when `smtpUrl` is configured). */
  outbox: OutboxDelivery;
  /** Sends a JSON request to a site with a valid crumb (cookie plus X-CSRF-Token). */
  call: (
    site: Website,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    extra?: { cookie?: string; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  /** Gets a submission key for a site. */
  submissionKey: (site: Website) => Promise<string>;
}

/**
 * Builds a test app whose configuration is the defaults plus `config` (owner token, limits,
 * SMTP and captcha endpoints...).
 */
export async function createFormsTestApp(config: Partial<AppConfig> = {}, options: { app?: Omit<CreateTestAppOptions, 'config'> } = {}): Promise<FormsTestApp> {
  const test = await createTestApp({ ...options.app, config });
  const crumbs = new Map<string, string>();
  const crumbOf = (site: Website) => crumbs.get(site.id) ?? crumbs.set(site.id, test.app.emporium.crumbs.issue(site.id)).get(site.id)!;
  const call: FormsTestApp['call'] = (site, method, url, body, extra = {}) =>
    test.app.inject({
      method,
      url,
      headers: {
        host: test.hostOf(site),
        accept: 'application/json',
        cookie: [`crumb=${crumbOf(site)}`, extra.cookie].filter(Boolean).join('; '),
        'x-csrf-token': crumbOf(site),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra.headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    ...test,
    outbox: test.app.emporiumOutbox,
    call,
    submissionKey: async (site) => {
      const response = await call(site, 'POST', '/api/form/FormSubmissionKey');
      if (response.statusCode !== 200) throw new Error(`FormSubmissionKey answered ${response.statusCode}: ${response.body}`);
      return response.json().key as string;
    },
  };
}
