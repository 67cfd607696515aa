/**
 * Issue 5 acceptance 5, for every field kind that takes text: hostile strings (script tags,
 * quotes, JSON-T braces) in the owner's form definition and in the visitor's answers are stored
 * as given, and shown as text on the public page, in the owner's submission list, in the CSV
 * export and in the notification mail.
 */
import { buildSubmissionPayload, type FormField, type FormValues } from '@emporium/forms';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../../test-support/test-app.js';
import { formSubmissions, forms, websites } from '../db/schema.js';
import { updateForm } from '../forms/form-repository.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

const OWNER_TOKEN = 'hostile-every-kind-owner-token-0123';
const NOTIFY = 'owner@example.com';
let crumb = '';

/** A hostile text tagged with where it came from, so each one can be found in the output. */
const hostile = (tag: string) => `${tag}<script>alert(1)</script>{.section website}{title}{.end}'"&`;
/** How a hostile text reads once escaped, up to its quotes (which engines may escape differently). */
const shown = (tag: string) => `${tag}&lt;script&gt;alert(1)&lt;/script&gt;{.section website}{title}{.end}`;
/** An email whose local part is hostile but valid (spec 5: no spaces, 2-4 letter TLD). */
const HOSTILE_EMAIL = `v-email<script>alert(1)</script>{.end}{title}'"&@example.com`;

const owner = (kind: string) => ({ title: hostile(`${kind}-title`), description: hostile(`${kind}-desc`) });
const FIELDS: FormField[] = [
  { id: 'name', type: 'name', ...owner('name') },
  { id: 'email', type: 'email', ...owner('email'), placeholder: hostile('email-placeholder') },
  { id: 'text', type: 'text', ...owner('text'), placeholder: hostile('text-placeholder') },
  { id: 'textarea', type: 'textarea', ...owner('textarea'), placeholder: hostile('textarea-placeholder') },
  { id: 'number', type: 'number', ...owner('number') },
  { id: 'website', type: 'website', ...owner('website') },
  { id: 'currency', type: 'currency', ...owner('currency'), currencySymbol: '$' },
  { id: 'password', type: 'password', ...owner('password') },
  { id: 'twitter', type: 'twitter', ...owner('twitter') },
  { id: 'section', type: 'section', ...owner('section') },
  { id: 'address', type: 'address', ...owner('address') },
  { id: 'phone', type: 'phone', ...owner('phone'), showCountryCode: true },
  { id: 'date', type: 'date', ...owner('date') },
  { id: 'time', type: 'time', ...owner('time') },
  { id: 'radio', type: 'radio', ...owner('radio'), options: [hostile('radio-option'), 'Plain'] },
  { id: 'checkbox', type: 'checkbox', ...owner('checkbox'), options: [hostile('checkbox-option'), 'Plain'] },
  { id: 'select', type: 'select', ...owner('select'), options: [hostile('select-option'), 'Plain'] },
  { id: 'likert', type: 'likert', ...owner('likert'), options: [hostile('likert-question'), 'Plain?'] },
  { id: 'hidden', type: 'hidden', key: 'ref', value: hostile('hidden-default') },
];

const parts = (kind: string, n: number) => Array.from({ length: n }, (_, i) => hostile(`v-${kind}-${i}`));
const VALUES: FormValues = {
  name: parts('name', 2),
  email: HOSTILE_EMAIL,
  text: hostile('v-text'),
  textarea: `${hostile('v-textarea')}\n${hostile('v-textarea-line2')}`,
  number: hostile('v-number'),
  website: hostile('v-website'),
  currency: hostile('v-currency'),
  password: hostile('v-password'),
  twitter: hostile('v-twitter'),
  address: parts('address', 6),
  phone: parts('phone', 4),
  date: parts('date', 3),
  time: parts('time', 4),
  radio: hostile('radio-option'),
  checkbox: [hostile('checkbox-option'), 'Plain'],
  select: hostile('select-option'),
  likert: { [hostile('likert-question')]: '2', 'Plain?': '-1' },
};
const QUERY = `?ref=${encodeURIComponent(hostile('v-hidden'))}`;

/** Every visitor-entered tag, by field id: each must come back as text wherever answers show. */
const ANSWER_TAGS: Record<string, string[]> = {
  name: ['v-name-0', 'v-name-1'],
  text: ['v-text'],
  textarea: ['v-textarea', 'v-textarea-line2'],
  number: ['v-number'],
  website: ['v-website'],
  currency: ['v-currency'],
  password: ['v-password'],
  twitter: ['v-twitter'],
  address: [0, 1, 2, 3, 4, 5].map((i) => `v-address-${i}`),
  phone: [0, 1, 2, 3].map((i) => `v-phone-${i}`),
  date: [0, 1, 2].map((i) => `v-date-${i}`),
  time: [0, 1, 2, 3].map((i) => `v-time-${i}`),
  radio: ['radio-option'],
  checkbox: ['checkbox-option'],
  select: ['select-option'],
  likert: ['likert-question'],
  hidden: ['v-hidden'],
};
/** Owner texts that the public form shows (titles, descriptions, placeholders, options). */
const PAGE_TAGS = [
  ...FIELDS.filter((f) => f.type !== 'hidden').flatMap((f) => [`${f.id}-title`, `${f.id}-desc`]),
  'email-placeholder',
  'text-placeholder',
  'textarea-placeholder',
  'radio-option',
  'checkbox-option',
  'select-option',
  'likert-question',
];

let t: PagesTestApp;
let websiteId: string;
let formId: string;
let stored: Record<string, unknown>;

function expectNoRawMarkup(body: string): void {
  expect(body).not.toContain('<script>alert');
  expect(body).not.toContain('</script>{.section');
}

async function call(method: 'GET' | 'POST', url: string, body?: unknown, owner = false): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      host: 'demo.localhost',
      accept: 'application/json',
      cookie: `crumb=${crumb}`,
      ...(owner ? { authorization: `Bearer ${OWNER_TOKEN}` } : {}),
      'x-csrf-token': crumb,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await createPagesTestApp({ config: { ownerToken: OWNER_TOKEN } });
  crumb = await crumbForHost(t.app, 'demo.localhost');
  const db = t.testDb.db;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  const [contact] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.websiteId, websiteId), eq(forms.name, 'Contact')));
  formId = contact!.id;
  await updateForm(db, websiteId, formId, { name: 'Contact', fields: FIELDS, submitLabel: 'Send', submissionMessage: 'Thanks', storage: { email: NOTIFY } });

  const key = (await call('POST', '/api/form/FormSubmissionKey')).json().key as string;
  const payload = buildSubmissionPayload({
    fields: FIELDS,
    values: VALUES,
    key,
    page: { pageTitle: 'Contact', pageId: 'contact', contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1 },
    queryString: QUERY,
  });
  stored = JSON.parse(payload.form) as Record<string, unknown>;
  const saved = await call('POST', '/api/form/SaveFormSubmission', payload);
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('hostile strings in every field kind (issue 5 acceptance 5)', () => {
  it('the form definition keeps every hostile title, description, placeholder, option and hidden value as given', async () => {
    const [row] = await t.testDb.db.select({ fields: forms.fields }).from(forms).where(eq(forms.id, formId));
    expect(row!.fields).toEqual(FIELDS);
  });

  it('the visitor answers of every kind are stored exactly as sent', async () => {
    expect(stored).toMatchObject({ ...VALUES, phone: parts('phone', 4), hidden: hostile('v-hidden') });
    const [row] = await t.testDb.db
      .select({ data: formSubmissions.data })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)));
    expect(row!.data).toEqual(stored);
  });

  it.each(['/contact', `/contact${QUERY}`])('the public page %s shows every owner text as text, JSON-T braces untouched', async (path) => {
    const page = await t.get('demo', path, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expectNoRawMarkup(page.body);
    for (const tag of PAGE_TAGS) expect(page.body, tag).toContain(shown(tag));
  });

  it("the owner's submission list (what the dashboard shows as text) gives every answer exactly as stored", async () => {
    const list = await call('GET', `/api/owner/forms/${formId}/submissions`, undefined, true);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().submissions[0].data).toEqual(stored);
  });

  it('the CSV export has every answer as given, quotes doubled, in one quoted cell', async () => {
    const csv = await call('GET', `/api/owner/forms/${formId}/submissions.csv`, undefined, true);
    expect(csv.statusCode).toBe(200);
    const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const body = csv.body;
    expect(body).toContain(cell(VALUES.text as string));
    expect(body).toContain(cell(VALUES.textarea as string));
    expect(body).toContain(cell(HOSTILE_EMAIL));
    expect(body).toContain(cell(hostile('v-hidden')));
    expect(body).toContain(cell(`${hostile('checkbox-option')}, Plain`));
    expect(body).toContain(cell(`${hostile('likert-question')}: Strongly Agree; Plain?: Disagree`));
    expect(body).toContain(cell((VALUES.address as string[]).join(' ')));
    expect(body).toContain(cell((VALUES.phone as string[]).join('-')));
    expect(body).toContain(cell((VALUES.date as string[]).join(' ')));
    expect(body).toContain(cell((VALUES.time as string[]).join(' ')));
    for (const id of ['number', 'website', 'currency', 'password', 'twitter', 'radio', 'select']) expect(body, id).toContain(cell(VALUES[id] as string));
    expect(body.split('\r\n')[0]).toContain(cell(hostile('name-title')));
  });

  it('the notification mail escapes every answer in HTML and keeps it as given in plain text', async () => {
    const mails = (await call('GET', '/api/owner/outbox', undefined, true)).json().mails as {
      kind: string;
      toAddress: string;
      htmlBody: string;
      textBody: string;
    }[];
    const mail = mails.find((m) => m.kind === 'form-submission' && m.toAddress === NOTIFY);
    expect(mail).toBeDefined();
    expectNoRawMarkup(mail!.htmlBody);
    for (const [id, tags] of Object.entries(ANSWER_TAGS)) for (const tag of tags) expect(mail!.htmlBody, `${id}: ${tag}`).toContain(shown(tag));
    for (const text of [
      VALUES.text,
      VALUES.textarea,
      VALUES.number,
      VALUES.website,
      HOSTILE_EMAIL,
      hostile('v-hidden'),
      (VALUES.address as string[]).join(' '),
    ]) {
      expect(mail!.textBody).toContain(text as string);
    }
  });
});
