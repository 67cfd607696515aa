import type { Browser } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, forms } from '../packages/server/src/db/schema.js';
import { fieldsOf, updateForm, type FormRow } from '../packages/server/src/forms/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const HOSTILE = `<script>alert("x")</script>{.section website}{title}{.end}'"&`;

describe('forms in the running store (issue 5)', () => {
  let store: RunningStore;
  let browser: Browser;
  let websiteId: string;
  let newsletter: FormRow;
  let contact: FormRow;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    const db = store.app.emporium.db;
    websiteId = (await findWebsiteByIdentifier(db, 'demo'))!.id;
    const rows = await db.select().from(forms).where(eq(forms.websiteId, websiteId));
    newsletter = rows.find((f) => f.name === 'Newsletter')!;
    contact = rows.find((f) => f.name === 'Contact')!;
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  const submissionsOf = (form: FormRow) =>
    store.app.emporium.db
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, form.id)));

  it('signs up for the newsletter in Chromium and stores it under the newsletter form', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}/contact`);
    await waitForHydration(page);
    const block = page.locator(`[data-form-id="${newsletter.id}"]`).first();
    await block.locator('input[type="email"]').fill('reader@example.com');
    await block.locator('button[type="submit"]').click();
    await page.getByText('Thank you! Look out for our next letter.').first().waitFor({ timeout: 10_000 });
    const rows = await submissionsOf(newsletter);
    expect(rows.map((r) => r.data)).toEqual([{ email: 'reader@example.com' }]);
    expect(rows[0]!.pageFields).toMatchObject({ pagePath: '/contact' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows client errors, then submits the contact form (it shares the email field id with the newsletter)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}/contact?utm_source=e2e`);
    await waitForHydration(page);
    const block = page.locator(`[data-form-id="${contact.id}"]`).first();
    await block.locator('button[type="submit"]').click();
    await block.getByText('Required').first().waitFor({ timeout: 10_000 });
    expect(await submissionsOf(contact)).toHaveLength(0);
    await block.getByLabel('First Name').fill('Ada');
    await block.getByLabel('Last Name').fill('Lovelace');
    await block.locator('input[type="email"]').fill('ada@example.com');
    await block.locator('select').first().selectOption('Wholesale');
    await block.locator('textarea').fill('Hello there');
    await block.locator('button[type="submit"]').click();
    await page.getByText('Thanks for writing. We reply within two working days.').first().waitFor({ timeout: 10_000 });
    const [row] = await submissionsOf(contact);
    expect(row!.data).toMatchObject({ name: ['Ada', 'Lovelace'], email: 'ada@example.com', topic: 'Wholesale', message: 'Hello there', source: 'e2e' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('renders hostile form texts escaped on the page, never as markup or template code', async () => {
    const db = store.app.emporium.db;
    const fields = fieldsOf(contact).map((f) => (f.id === 'message' ? { ...f, title: HOSTILE, description: HOSTILE } : f));
    await updateForm(db, websiteId, contact.id, { name: HOSTILE, fields, submitLabel: 'Send message', submissionMessage: 'ok' });
    const response = await store.app.inject({ url: '/contact', headers: { host: `demo.localhost:${store.port}`, accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('&lt;script&gt;alert(');
    expect(response.body).toContain('{.section website}{title}{.end}');
  });

  it('every field kind: hostile owner texts show as text and hostile answers typed in Chromium are stored as given (issue 5 acceptance 5)', async () => {
    const hostile = (tag: string) => `${tag}<script>alert(1)</script>{.section website}{title}{.end}'"&`;
    const texts = (kind: string) => ({ title: hostile(`${kind}-title`), description: hostile(`${kind}-desc`) });
    const kinds = ['name', 'email', 'text', 'textarea', 'website', 'currency', 'password', 'twitter', 'address', 'phone', 'date', 'time'] as const;
    const fields = [
      ...kinds.map((kind) => ({ id: kind, type: kind, ...texts(kind), ...(kind === 'phone' ? { showCountryCode: true } : {}) })),
      { id: 'radio', type: 'radio', ...texts('radio'), options: [hostile('radio-option'), 'Plain'] },
      { id: 'checkbox', type: 'checkbox', ...texts('checkbox'), options: [hostile('checkbox-option'), 'Plain'] },
      { id: 'select', type: 'select', ...texts('select'), options: [hostile('select-option'), 'Plain'] },
      { id: 'likert', type: 'likert', ...texts('likert'), options: [hostile('likert-question')] },
      { id: 'hidden', type: 'hidden', key: 'ref', value: 'none' },
    ];
    await updateForm(store.app.emporium.db, websiteId, contact.id, { name: 'Contact', fields, submitLabel: 'Send message', submissionMessage: 'Stored.' });
    const { page, errors } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${store.siteUrl()}/contact?ref=${encodeURIComponent(hostile('v-hidden'))}`);
    await waitForHydration(page);
    const block = page.locator(`[data-form-id="${contact.id}"]`).first();
    for (const kind of [...kinds, 'radio', 'checkbox', 'select', 'likert']) {
      await expect(block.locator(`[data-field-type="${kind}"]`).first().textContent(), kind).resolves.toContain(hostile(`${kind}-title`));
    }
    const parts = (kind: string, n: number) => Array.from({ length: n }, (_, i) => hostile(`v-${kind}-${i}`));
    const typed: Record<string, unknown> = {
      name: parts('name', 2),
      email: `v-email<script>alert(1)</script>{.end}{title}'"&@example.com`,
      address: parts('address', 6),
      phone: parts('phone', 4),
      date: parts('date', 3),
      time: [...parts('time', 3), 'PM'],
    };
    for (const kind of ['text', 'textarea', 'website', 'currency', 'password', 'twitter']) typed[kind] = hostile(`v-${kind}`);
    for (const [kind, value] of Object.entries(typed)) {
      const inputs = block.locator(`[data-field-type="${kind}"]`).locator('input, textarea');
      const list = Array.isArray(value) ? (value as string[]) : [value as string];
      for (const [i, v] of list.entries()) {
        if (kind === 'time' && i === 3) await block.locator('[data-field-type="time"] select').selectOption(v);
        else await inputs.nth(i).fill(v);
      }
    }
    await block
      .locator('[data-field-type="radio"]')
      .getByRole('radio', { name: hostile('radio-option') })
      .check();
    await block
      .locator('[data-field-type="checkbox"]')
      .getByRole('checkbox', { name: hostile('checkbox-option') })
      .check();
    await block.locator('[data-field-type="select"] select').selectOption(hostile('select-option'));
    await block.locator('[data-field-type="likert"] fieldset').first().getByRole('radio', { name: 'Agree', exact: true }).check();
    await block.locator('button[type="submit"]').click();
    await page.getByText('Stored.').first().waitFor({ timeout: 10_000 });
    const rows = await submissionsOf(contact);
    const row = rows.find((r) => (r.data as Record<string, unknown>).text === hostile('v-text'));
    expect(row?.data).toEqual({
      ...typed,
      radio: hostile('radio-option'),
      checkbox: [hostile('checkbox-option')],
      select: hostile('select-option'),
      likert: { [hostile('likert-question')]: '1' },
      hidden: hostile('v-hidden'),
    });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
