import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { newCrumb } from '../http/crumb.js';
import type { Website } from '../sites/website.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from '../../test-support/test-app.js';
import { registerFormsApi, type FormsRuntime, type RegisterFormsOptions } from './index.js';

/** A test app with the forms module registered, and helpers to call it as a browser would. */
export interface FormsTestApp extends TestApp {
  runtime: FormsRuntime;
  /** Sends a JSON request to a site with a valid crumb (cookie plus X-CSRF-Token). */
  call: (site: Website, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, extra?: { cookie?: string; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
  /** Gets a submission key for a site. */
  submissionKey: (site: Website) => Promise<string>;
}

/**
 * Builds a test app whose forms module reads `env` (also set on process.env, so the app's own
 * registration sees the same values) and whose outbox uses `transport` when given.
 */
export async function createFormsTestApp(
  env: Record<string, string> = {},
  options: Omit<RegisterFormsOptions, 'env'> & { app?: CreateTestAppOptions } = {},
): Promise<FormsTestApp> {
  Object.assign(process.env, env);
  let runtime: FormsRuntime | undefined;
  const test = await createTestApp({
    ...options.app,
    setup: async (app: FastifyInstance) => {
      runtime = await registerFormsApi(app, app.emporium, { env: { ...process.env, ...env }, config: options.config, transport: options.transport });
      await options.app?.setup?.(app);
    },
  });
  const crumb = newCrumb();
  const call: FormsTestApp['call'] = (site, method, url, body, extra = {}) =>
    test.app.inject({
      method,
      url,
      headers: {
        host: test.hostOf(site),
        accept: 'application/json',
        cookie: [`crumb=${crumb}`, extra.cookie].filter(Boolean).join('; '),
        'x-csrf-token': crumb,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra.headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    ...test,
    runtime: runtime!,
    call,
    submissionKey: async (site) => {
      const response = await call(site, 'POST', '/api/form/FormSubmissionKey');
      if (response.statusCode !== 200) throw new Error(`FormSubmissionKey answered ${response.statusCode}: ${response.body}`);
      return response.json().key as string;
    },
  };
}
