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
});
