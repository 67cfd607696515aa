import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';

// The editor frames the site's preview from the dashboard (issue 26, item 6).
let t: PagesTestApp;

beforeAll(async () => {
  t = await createPagesTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the dashboard's frames", () => {
  it('may show the sites (the preview), and the sites still frame nothing but themselves', async () => {
    const dashboard = await t.app.inject({ method: 'GET', url: `/sites/${DEMO_SHOP_IDENTIFIER}/editor`, headers: { host: 'admin.localhost' } });
    expect(dashboard.statusCode).toBe(200);
    expect(String(dashboard.headers['content-type'])).toMatch(/^text\/html/);
    expect(dashboard.headers['content-security-policy']).toMatch(/frame-src 'self' http:\/\/\*\.localhost(:\d+)?(;|$)/);
    const sitePage = await t.get(DEMO_SHOP_IDENTIFIER, '/about');
    expect(sitePage.headers['content-security-policy']).toMatch(/frame-src 'self'(;|$)/);
  });
});
