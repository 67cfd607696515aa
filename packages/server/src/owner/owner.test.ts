import { buildSubmissionPayload } from '@emporium/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, type FormRow } from '../forms/form-repository.js';
import { everyKindForm, everyKindValues, TEST_PAGE } from '../forms/forms-fixtures.js';
import { createFormsTestApp, type FormsTestApp } from '../forms/testing.js';
import type { Website } from '../sites/website.js';
import { createProductFixture } from '../../test-support/fixtures.js';
import { cookieFrom } from '../../test-support/test-app.js';
import { setOwnerPassword } from '../owner-sessions/index.js';

const OWNER_TOKEN = 'owner-token-for-owner-tests-0123';
const HOSTILE = `<script>alert("x")</script>{.section website}{title}{.end}'"&=HYPERLINK("http://evil")`;

describe('owner sign-in, /config pages and CSV exports', () => {
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
    await setOwnerPassword(t.testDb.db, site.id, 'correct horse battery');
    t.app.emporium.resolver.invalidate();
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

  const get = (url: string, cookie = '', target: Website = site) =>
    t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(target), accept: 'text/html', cookie: `crumb=${crumbFor(target)}; ${cookie}` } });
  const post = (url: string, form: Record<string, string>, cookie = '', target: Website = site) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: t.hostOf(target), 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${crumbFor(target)}; ${cookie}` },
      payload: new URLSearchParams(form).toString(),
    });
  const login = async (password: string, target: Website = site) => post('/config/login', { crumb: crumbFor(target), password, next: '/config/restock' }, '', target);

  it('sends visitors without a session to the sign-in page', async () => {
    for (const path of ['/config/forms', '/config/restock', `/config/forms/${form.id}/submissions.csv`, '/config/restock.csv']) {
      const response = await get(path);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/config/login?next=${encodeURIComponent(path)}`);
    }
    const page = await get('/config/login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
  });

  it('refuses a wrong password, a missing crumb, and accepts the site password or the owner token', async () => {
    expect((await login('wrong password!')).statusCode).toBe(401);
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/config/login',
      headers: { host: t.hostOf(site), 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${crumbFor(site)}` },
      payload: 'password=correct+horse+battery',
    });
    expect(noCrumb.statusCode).toBe(401);
    const ok = await login('correct horse battery');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/config/restock');
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie.split('; ').sort()).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict', expect.stringMatching(/^emporium_owner=[^;]+$/)]);
    expect((await login(OWNER_TOKEN, other)).statusCode).toBe(303);
    expect((await login('correct horse battery', other)).statusCode).toBe(401);
  });

  it("keeps a session to its own site and ends it on sign-out", async () => {
    const session = `emporium_owner=${cookieFrom(await login('correct horse battery'), 'emporium_owner')}`;
    expect((await get('/config/forms', session)).statusCode).toBe(200);
    expect((await get('/config/forms', session, other)).statusCode).toBe(303);
    expect((await post('/config/logout', { crumb: crumbFor(site) }, session)).statusCode).toBe(303);
    expect((await get('/config/forms', session)).statusCode).toBe(303);
  });

  it('shows hostile strings escaped in the forms, submissions and restock pages', async () => {
    const session = `emporium_owner=${cookieFrom(await login('correct horse battery'), 'emporium_owner')}`;
    for (const path of ['/config/forms', `/config/forms/${form.id}`, '/config/restock']) {
      const response = await get(path, session);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>');
      expect(response.body).toContain('&lt;script&gt;');
    }
    const restock = await get('/config/restock', session);
    expect(restock.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;{.section website}{title}{.end}&#39;&quot;&amp;=HYPERLINK');
    expect(restock.body).toContain('No SMTP server is configured (SMTP_URL): mail is kept here.');
  });

  it('exports submissions and sign-ups as CSV with quoting and formula protection', async () => {
    const session = `emporium_owner=${cookieFrom(await login('correct horse battery'), 'emporium_owner')}`;
    const submissions = await get(`/config/forms/${form.id}/submissions.csv`, session);
    expect(submissions.statusCode).toBe(200);
    expect(submissions.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(submissions.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/);
    const lines = submissions.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('"Submitted","Name","Email","Text","Message","Number","Website","Budget","Password","Twitter","Address","Phone","Phone abroad","Date","Time","Colour","Sizes","Country","Opinion","utm_source","Page"');
    expect(lines[1]).toContain(`"<script>alert(""x"")</script>{.section website}{title}{.end}'""&=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"S, L"');
    expect(lines[1]).toContain(`"'=cmd|'/c calc'!A1"`);
    expect(lines[1]).toContain('"Fast?: Strongly Agree; Cheap?: Disagree"');
    const signUps = await get('/config/restock.csv', session);
    expect(signUps.body).toContain(`"""<script>x</script>""@example.com"`);
    expect(signUps.body).toContain(`"${HOSTILE.replace(/"/g, '""')}"`);
  });

  it('sends back-in-stock mail from the restock page and keeps it in the outbox without SMTP', async () => {
    const session = `emporium_owner=${cookieFrom(await login('correct horse battery'), 'emporium_owner')}`;
    const groups = (await t.call(site, 'GET', '/api/site-users/account/notifications/restock/groups', undefined, { cookie: session })).json();
    const [group] = groups.signUpGroups;
    const sent = await post('/config/restock/send', { crumb: crumbFor(site), productId: group.productId, variantId: group.variantId }, session);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('1 back-in-stock mail queued.');
    expect(sent.body).toContain('pending');
    expect(sent.body).not.toContain('<script>');
    const mails = (await t.call(site, 'GET', '/api/owner/outbox', undefined, { cookie: session })).json().mails;
    expect(mails).toHaveLength(1);
    expect(mails[0].htmlBody).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mails[0].htmlBody).not.toContain('<script>');
    expect(mails[0].textBody).toContain(HOSTILE);
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
