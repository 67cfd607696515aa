import { buildSubmissionPayload, emailInvalidMessage, FormMessages, FIELD_KINDS } from '@emporium/forms';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formSubmissionKeys, formSubmissions, outbox } from '../db/schema.js';
import type { Website } from '../sites/website.js';
import { everyKindForm, everyKindValues, TEST_PAGE } from './forms-fixtures.js';
import { createForm, type FormRow } from './form-repository.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';

describe('public form API (spec 7 Forms, 8 Public forms)', () => {
  let t: FormsTestApp;
  let site: Website;
  let other: Website;
  let form: FormRow;

  beforeAll(async () => {
    t = await createFormsTestApp({ submissionsPerWindow: 100_000, submissionsPerClient: 100_000 });
    site = await t.createSite({ identifier: 'forms-a', title: 'Forms A' });
    other = await t.createSite({ identifier: 'forms-b', title: 'Forms B' });
    form = await createForm(t.testDb.db, site.id, { ...everyKindForm('a'), storage: { email: 'owner@example.com' } });
  });
  afterAll(() => t.close());

  async function submit(values = everyKindValues('a'), options: { key?: string; target?: Website; queryString?: string } = {}) {
    const target = options.target ?? site;
    const key = options.key ?? (await t.submissionKey(target));
    const payload = buildSubmissionPayload({ fields: form.fields as never, values, key, page: TEST_PAGE, queryString: options.queryString });
    return { key, payload, response: await t.call(target, 'POST', '/api/form/SaveFormSubmission', payload) };
  }

  it('describes the form block with every field kind and its settings', async () => {
    const response = await t.call(site, 'GET', '/api/template/GetTemplateSchema?type=form');
    expect(response.statusCode).toBe(200);
    const schema = response.json();
    expect(schema.fieldKinds.map((k: { type: string }) => k.type)).toEqual([...FIELD_KINDS]);
    expect(schema.fieldKinds.find((k: { type: string }) => k.type === 'phone').settings).toEqual(['description', 'required', 'showCountryCode']);
    expect(schema.fieldKinds.find((k: { type: string }) => k.type === 'hidden').settings).toEqual(['key', 'value']);
    expect(schema.fieldKinds.find((k: { type: string }) => k.type === 'textarea').settings).toContain('maxLength');
    expect(schema.tabs).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
    expect(schema.defaults).toEqual({ name: 'My Form Name', submitLabel: 'Add to Cart' });
    const unknown = await t.call(site, 'GET', '/api/template/GetTemplateSchema?type=gallery');
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses form definitions with settings a field kind does not have', async () => {
    await expect(createForm(t.testDb.db, site.id, { fields: [{ type: 'hidden', key: 'k', required: true }] })).rejects.toThrow(
      "'required' is not a setting of hidden fields",
    );
    await expect(createForm(t.testDb.db, site.id, { fields: [{ type: 'radio' }] })).rejects.toThrow('options is required');
    await expect(createForm(t.testDb.db, site.id, { fields: [{ type: 'colour' }] })).rejects.toThrow('is not a field kind');
    const twin = { fields: form.fields.filter((f) => (f as { type: string }).type !== 'section') };
    await expect(createForm(t.testDb.db, site.id, twin)).rejects.toThrow('same field ids');
    const defaults = await createForm(t.testDb.db, site.id, {});
    expect(defaults).toMatchObject({ name: 'My Form Name', submitLabel: 'Add to Cart', fields: [] });
  });

  it('finds the form by its field ids when forms share some of them', async () => {
    const newsletter = await createForm(t.testDb.db, other.id, { name: 'Newsletter', fields: [{ id: 'email', type: 'email', required: true }] });
    const contact = await createForm(t.testDb.db, other.id, {
      name: 'Contact',
      fields: [
        { id: 'email', type: 'email' },
        { id: 'msg', type: 'textarea', required: true },
      ],
    });
    const send = async (values: Record<string, string>) => {
      const key = await t.submissionKey(other);
      const response = await t.call(other, 'POST', '/api/form/SaveFormSubmission', { ...TEST_PAGE, key, form: JSON.stringify(values) });
      return response.json().formId;
    };
    expect(await send({ email: 'a@example.com' })).toBe(newsletter.id);
    expect(await send({ email: 'a@example.com', msg: 'hi' })).toBe(contact.id);
    expect(await send({ msg: 'hi' })).toBe(contact.id);
  });

  it('issues single-use keys per site', async () => {
    const first = await t.submissionKey(site);
    const second = await t.submissionKey(site);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
  });

  it('stores a valid submission with every field kind exactly as sent, key consumed in the same transaction', async () => {
    const { key, response } = await submit(everyKindValues('a'), { queryString: '?utm_source=newsletter' });
    expect(response.statusCode).toBe(200);
    const { submissionId } = response.json();
    const [row] = await t.testDb.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
    expect(row!.data).toMatchObject({
      'a-name': ['Ada', 'Lovelace'],
      'a-phone': ['', '555', '123', '4567'],
      'a-phone4': ['44', '20', '7946', '0958'],
      'a-checkbox': ['S', 'L'],
      'a-likert': { 'Fast?': '2', 'Cheap?': '-1' },
      'a-hidden': 'newsletter',
    });
    expect(row!.data).not.toHaveProperty('a-section');
    expect(row!.pageFields).toEqual(TEST_PAGE);
    const [keyRow] = await t.testDb.db.select().from(formSubmissionKeys).where(eq(formSubmissionKeys.key, key));
    expect(keyRow!.usedAt).toBeInstanceOf(Date);
    const mails = await t.testDb.db.select().from(outbox).where(eq(outbox.websiteId, site.id));
    expect(mails.some((m) => m.toAddress === 'owner@example.com' && m.subject === 'Form Submission - Contact')).toBe(true);
  });

  it("answers 400 with per-field errors: 'Required', the email message and the character limit", async () => {
    const values = everyKindValues('a', { 'a-name': ['', ''], 'a-email': 'not-an-email', 'a-textarea': 'x'.repeat(21), 'a-checkbox': [], 'a-radio': '' });
    const { response } = await submit(values);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: FormMessages.INVALID_FIELDS,
      errors: {
        'a-name': 'Required',
        'a-email': emailInvalidMessage(),
        'a-textarea': 'You have exceeded the character limit.',
        'a-checkbox': 'Required',
        'a-radio': 'Required',
      },
    });
    expect(emailInvalidMessage()).toBe('Email is not valid. Email addresses should follow the format email@example.com.');
  });

  it('validates by form id with the same rules and returns the field id to message map', async () => {
    const ok = await t.call(site, 'POST', `/api/rest/forms/validate/${form.id}`, { 'a-email': 'ada@example.com', 'a-phone': ['555', '123', '4567'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ 'a-name': 'Required', 'a-radio': 'Required', 'a-checkbox': 'Required' });
    const bad = await t.call(site, 'POST', `/api/rest/forms/validate/${form.id}`, { 'a-email': ' x@y ' });
    expect(bad.json()['a-email']).toBe(emailInvalidMessage());
    const missing = await t.call(site, 'POST', '/api/rest/forms/validate/nope', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This form has not been configured yet.');
  });

  it("answers 404 'This form has not been configured yet.' for an unknown form", async () => {
    const key = await t.submissionKey(site);
    const response = await t.call(site, 'POST', '/api/form/SaveFormSubmission', { ...TEST_PAGE, key, form: JSON.stringify({ 'zz-unknown': 'x' }) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This form has not been configured yet.');
  });

  it("answers 401 'Unable to submit form. Please try again later.' for a used, foreign or expired key", async () => {
    const { key } = await submit();
    const reused = await submit(everyKindValues('a'), { key });
    expect(reused.response.statusCode).toBe(401);
    expect(reused.response.json().message).toBe('Unable to submit form. Please try again later.');
    const foreignKey = await t.submissionKey(other);
    const foreign = await submit(everyKindValues('a'), { key: foreignKey });
    expect(foreign.response.statusCode).toBe(401);
    const expiredKey = await t.submissionKey(site);
    await t.testDb.db.update(formSubmissionKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(formSubmissionKeys.key, expiredKey));
    const expired = await submit(everyKindValues('a'), { key: expiredKey });
    expect(expired.response.statusCode).toBe(401);
  });

  it('answers 400 with the processing and parse messages for malformed bodies', async () => {
    const key = await t.submissionKey(site);
    const noKey = await t.call(site, 'POST', '/api/form/SaveFormSubmission', { form: '{}' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Error processing form submission. Please reload and try again.');
    const badJson = await t.call(site, 'POST', '/api/form/SaveFormSubmission', { ...TEST_PAGE, key, form: '{not json' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('Could not parse the form fields, please check your entries.');
    const wrongShape = await t.call(site, 'POST', '/api/form/SaveFormSubmission', { ...TEST_PAGE, key, form: JSON.stringify({ 'a-email': ['x'] }) });
    expect(wrongShape.json().message).toBe('Could not parse the form fields, please check your entries.');
    const notAnOption = await t.call(site, 'POST', '/api/form/SaveFormSubmission', {
      ...TEST_PAGE,
      key,
      form: JSON.stringify({ ...JSON.parse(JSON.stringify(everyKindValues('a'))), 'a-radio': 'Green' }),
    });
    expect(notAnOption.json().message).toBe('Could not parse the form fields, please check your entries.');
  });

  it("answers 500 'Unable to send form. Please try again later.' when storage fails", async () => {
    const spy = vi.spyOn(t.testDb.db, 'execute').mockRejectedValueOnce(new Error('disk full'));
    const { response } = await submit();
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('Unable to send form. Please try again later.');
  });

  it('refuses submissions without the crumb', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { host: t.hostOf(site) } });
    expect(response.statusCode).toBe(401);
  });

  it('stores hostile strings exactly as given', async () => {
    const hostile = `<script>alert("x")</script> {.section x}{@}{.end} ' " & =cmd|'/c calc'!A1`;
    const { response } = await submit(everyKindValues('a', { 'a-text': hostile, 'a-name': [hostile, 'B'] }));
    expect(response.statusCode).toBe(200);
    const [row] = await t.testDb.db.select().from(formSubmissions).where(eq(formSubmissions.id, response.json().submissionId));
    expect(row!.data['a-text']).toBe(hostile);
    expect(row!.data['a-name']).toEqual([hostile, 'B']);
    const mails = await t.testDb.db.select().from(outbox).where(eq(outbox.websiteId, site.id));
    const mail = mails.find((m) => m.textBody.includes(hostile))!;
    expect(mail.htmlBody).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; {.section x}{@}{.end} &#39; &quot; &amp;');
    expect(mail.htmlBody).not.toContain('<script>');
  });
});
