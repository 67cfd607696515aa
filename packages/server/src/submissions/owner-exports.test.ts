import { buildSubmissionPayload } from '@emporium/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, type FormRow } from '../forms/form-repository.js';
import { everyKindForm, everyKindValues, TEST_PAGE } from '../forms/forms-fixtures.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';
import type { Website } from '../sites/website.js';
import { createProductFixture } from '../../test-support/fixtures.js';

const OWNER_TOKEN = 'owner-token-for-owner-tests-0123';
const HOSTILE = `<script>alert("x")</script>{.section website}{title}{.end}'"&=HYPERLINK("http://evil")`;

describe('owner CSV exports and form calls (the dashboard at /config is the admin app)', () => {
  let t: FormsTestApp;
  let site: Website;
  let other: Website;
  let form: FormRow;
  const crumbs = new Map<string, string>();
  /** One genuine crumb per site for the whole file (crumbs are bound to their site). */
  const crumbFor = (target: Website) => crumbs.get(target.id) ?? crumbs.set(target.id, t.app.emporium.crumbs.issue(target.id)).get(target.id)!;

  beforeAll(async () => {
    t = await createFormsTestApp({ ownerToken: OWNER_TOKEN, submissionsPerWindow: 100_000 });
    site = await t.createSite({ identifier: 'owner-a', title: 'Owner A' });
    other = await t.createSite({ identifier: 'owner-b', title: 'Owner B' });
    form = await createForm(t.testDb.db, site.id, { ...everyKindForm('o'), name: `Contact ${HOSTILE}` });
    const key = await t.submissionKey(site);
    const values = everyKindValues('o', { 'o-text': HOSTILE, 'o-twitter': `=cmd|'/c calc'!A1` });
    const payload = buildSubmissionPayload({ fields: form.fields as never, values, key, page: { ...TEST_PAGE, pagePath: `/p/${HOSTILE}` } });
    expect((await t.call(site, 'POST', '/api/form/SaveFormSubmission', payload)).statusCode).toBe(200);
    const product = await createProductFixture(t.testDb.db, site.id, { qtyInStock: 0, title: HOSTILE });
    const signUp = { isJoinMailingList: true, productId: product.itemId, variantId: product.variantId, siteVisitorEmail: `"<script>x</script>"@example.com` };
    expect((await t.call(site, 'POST', '/api/site-users/account/notifications/restock', signUp)).statusCode).toBe(200);
  });
  afterAll(() => {
    return t.close();
  });

  const owner = { authorization: `Bearer ${OWNER_TOKEN}` };
  const get = (url: string, headers: Record<string, string> = owner, target: Website = site) =>
    t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(target), ...headers } });

  it('refuses the CSV exports without an owner (401) and no longer serves the old /config pages', async () => {
    for (const path of [`/api/owner/forms/${form.id}/submissions.csv`, '/api/owner/restock.csv']) {
      const response = await get(path, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    for (const [method, url] of [
      ['POST', '/config/login'],
      ['POST', '/config/logout'],
      ['POST', '/config/password'],
      ['POST', '/config/restock/send'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { host: t.hostOf(site), 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${crumbFor(site)}` },
        payload: `crumb=${crumbFor(site)}&password=correct+horse+battery`,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("answers 404 for another site's form", async () => {
    expect((await get(`/api/owner/forms/${form.id}/submissions.csv`, owner, other)).statusCode).toBe(404);
  });

  it('exports submissions and sign-ups as CSV with quoting and formula protection', async () => {
    const submissions = await get(`/api/owner/forms/${form.id}/submissions.csv`);
    expect(submissions.statusCode).toBe(200);
    expect(submissions.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(submissions.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/);
    const lines = submissions.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      '"Submitted","Name","Email","Text","Message","Number","Website","Budget","Password","Twitter","Address","Phone","Phone abroad","Date","Time","Colour","Sizes","Country","Opinion","utm_source","Page"',
    );
    expect(lines[1]).toContain(`"<script>alert(""x"")</script>{.section website}{title}{.end}'""&=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"S, L"');
    expect(lines[1]).toContain(`"'=cmd|'/c calc'!A1"`);
    expect(lines[1]).toContain('"Fast?: Strongly Agree; Cheap?: Disagree"');
    const signUps = await get('/api/owner/restock.csv');
    expect(signUps.body).toContain(`"""<script>x</script>""@example.com"`);
    expect(signUps.body).toContain(`"${HOSTILE.replace(/"/g, '""')}"`);
  });

  it('lets the owner create and update forms through the owner API, not visitors', async () => {
    expect((await t.call(site, 'POST', '/api/owner/forms', { name: 'x' })).statusCode).toBe(401);
    const owner = { headers: { authorization: `Bearer ${OWNER_TOKEN}` } };
    const created = await t.call(site, 'POST', '/api/owner/forms', { name: 'Newsletter', fields: [{ type: 'email', title: 'Email', required: true }] }, owner);
    expect(created.statusCode).toBe(201);
    const { form: row } = created.json();
    expect(row.fields[0].id).toMatch(/^f[0-9a-f]{16}$/);
    const updated = await t.call(site, 'PUT', `/api/owner/forms/${row.id}`, { name: 'Newsletter 2', fields: row.fields }, owner);
    expect(updated.json().form.name).toBe('Newsletter 2');
    const bad = await t.call(site, 'PUT', `/api/owner/forms/${row.id}`, { fields: [{ type: 'section', required: true }] }, owner);
    expect(bad.statusCode).toBe(400);
  });
});
