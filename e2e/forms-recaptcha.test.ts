import type { Browser } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier, updateWebsiteSettings } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, screenshot, waitForHydration } from './support/browser.js';
import { FAKE_ENTERPRISE_SCRIPT, FAKE_RECAPTCHA_SCRIPT, startFakeRecaptchaVerify, type FakeRecaptchaVerify } from './support/captcha-fakes.js';
import { startStore, type RunningStore } from './support/store.js';

describe('reCAPTCHA checkbox and Enterprise v3 in Chromium (Google script and verify endpoints replaced by local fakes)', () => {
  let store: RunningStore;
  let browser: Browser;
  let verify: FakeRecaptchaVerify;

  beforeAll(async () => {
    verify = await startFakeRecaptchaVerify('verify-secret');
    const verifyBase = verify.url;
    store = await startStore({
      recaptchaVerifyUrl: `${verifyBase}/siteverify`,
      recaptchaEnterpriseUrl: `${verifyBase}/v1/projects/{project}/assessments`,
    });
    browser = await launchBrowser();
    const db = store.app.emporium.db;
    const journal = (await findWebsiteByIdentifier(db, 'journal'))!;
    await updateWebsiteSettings(db, journal.id, {
      captchaSiteKey: 'test-site-key',
      captcha: { enabled: true, provider: 'recaptcha', secret: 'verify-secret' },
    });
    await db
      .update(forms)
      .set({ captchaEnabled: true })
      .where(and(eq(forms.websiteId, journal.id), eq(forms.name, 'Contact')));
    store.app.emporium.resolver.invalidate();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
    await verify?.close();
  });

  async function openContact(width: number) {
    const watched = await openPage(browser, { width, height: 900 });
    const scripts: string[] = [];
    await watched.page.route('https://www.google.com/recaptcha/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_RECAPTCHA_SCRIPT });
    });
    await watched.page.goto(`${store.siteUrl('journal')}/contact`);
    await waitForHydration(watched.page);
    await watched.page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
    return { ...watched, scripts, block: watched.page.locator('.form-block').filter({ has: watched.page.getByRole('checkbox', { name: "I'm not a robot" }) }) };
  }

  it("loads the script only when configured, asks 'Complete CAPTCHA before submitting.', shows 'reCAPTCHA failed. Refresh this page and try again.' and resets, then submits", async () => {
    const { page, block, scripts } = await openContact(1280);
    expect(scripts).toEqual(['https://www.google.com/recaptcha/api.js?render=explicit']);
    expect(await page.evaluate(() => (window as unknown as { __recaptcha: { renders: unknown[] } }).__recaptcha.renders)).toEqual([
      { size: 'normal', sitekey: 'test-site-key', width: expect.any(Number) },
    ]);
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/form/SaveFormSubmission')) saves.push(r.postData() ?? '');
    });
    await block.getByLabel('First Name', { exact: true }).fill('Grace');
    await block.getByLabel('Last Name', { exact: true }).fill('Hopper');
    await block.locator('input[type="email"]').fill('grace@example.com');
    await block.locator('select').first().selectOption({ index: 1 });
    await block.locator('textarea').fill('Hello from the e2e test');
    const submit = block.locator('button[type="submit"]');
    await submit.click();
    await block.locator('.form-block__error').getByText('Complete CAPTCHA before submitting.', { exact: true }).waitFor();
    expect(saves).toHaveLength(0);

    const robot = block.getByRole('checkbox', { name: "I'm not a robot" });
    const resets = () => page.evaluate(() => (window as unknown as { __recaptcha: { resets: number } }).__recaptcha.resets);
    const resetsBefore = await resets();
    await page.evaluate(() => ((window as unknown as { __recaptcha: { token: string } }).__recaptcha.token = 'bad-1'));
    await robot.check();
    await submit.click();
    await block.locator('.form-block__error').getByText('reCAPTCHA failed. Refresh this page and try again.', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await resets()).toBe(resetsBefore + 1);
    expect(await robot.isChecked()).toBe(false);
    await screenshot(page, 'forms-full-recaptcha-failed');

    await page.evaluate(() => ((window as unknown as { __recaptcha: { token: string } }).__recaptcha.token = 'good-2'));
    await robot.check();
    await submit.click();
    await page.locator('.form-block--submitted').waitFor({ timeout: 20_000 });
    expect(saves.map((body) => (JSON.parse(body) as { captchaKey?: string }).captchaKey)).toEqual(['bad-1', 'good-2']);
    expect(verify.verified).toEqual(['bad-1', 'good-2']);
    await page.context().close();
  }, 90_000);

  it('renders the checkbox compact when its container is narrower than 320px', async () => {
    const { page } = await openContact(300);
    const [render] = await page.evaluate(() => (window as unknown as { __recaptcha: { renders: Array<{ size: string; width: number }> } }).__recaptcha.renders);
    expect(render!.width).toBeLessThan(320);
    expect(render!.size).toBe('compact');
    await screenshot(page, 'forms-full-recaptcha-compact');
    await page.context().close();
  }, 90_000);

  it('runs reCAPTCHA Enterprise v3 invisibly: form_block for the survey (captchaKey), product_waitlist for restock (recaptchaEnterpriseV3Token)', async () => {
    const db = store.app.emporium.db;
    const demo = (await findWebsiteByIdentifier(db, 'demo'))!;
    await updateWebsiteSettings(db, demo.id, {
      captchaSiteKey: 'enterprise-key',
      captcha: { enabled: true, provider: 'recaptcha-enterprise', projectId: 'proj', apiKey: 'api-key' },
    });
    store.app.emporium.resolver.invalidate();
    const { page, errors } = await openPage(browser);
    const scripts: string[] = [];
    await page.route('https://www.google.com/recaptcha/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_ENTERPRISE_SCRIPT });
    });
    const bodies: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /SaveFormSubmission|notifications\/restock$/.test(r.url())) bodies.push(JSON.parse(r.postData() ?? '{}'));
    });

    await page.goto(`${store.siteUrl()}/shop/stoneware-mug`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['https://www.google.com/recaptcha/enterprise.js?render=enterprise-key']);
    const box = page.locator('form.restock-signup');
    await box.getByLabel('Email Address').fill('enterprise@example.com');
    await box.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Thank you! We will email you when it is back.').waitFor({ timeout: 20_000 });
    expect(bodies[0]).toMatchObject({ siteVisitorEmail: 'enterprise@example.com', recaptchaEnterpriseV3Token: 'good-enterprise-product_waitlist' });
    expect(bodies[0]).not.toHaveProperty('captchaToken');

    await page.goto(`${store.siteUrl()}/studio-survey`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const wholesale = page.locator('.form-block').filter({ hasText: 'Shop name' });
    const survey = page.locator('.form-block').filter({ hasText: 'How did you find us?' });
    expect(await wholesale.count()).toBe(1);
    await survey.getByLabel('First Name', { exact: true }).fill('Ada');
    await survey.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await survey.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
    await survey.getByRole('radio', { name: 'A friend' }).check();
    await survey.locator('[data-field-type="checkbox"]').getByRole('checkbox', { name: 'Ceramics' }).check();
    await survey.locator('[data-field-type="select"] select').selectOption('Linen');
    await survey.getByRole('button', { name: 'Send survey' }).click();
    await page.getByText('Thank you for taking the survey!').waitFor({ timeout: 20_000 });
    expect(bodies[1]).toMatchObject({ captchaKey: 'good-enterprise-form_block' });
    expect(verify.assessed).toEqual([
      { token: 'good-enterprise-product_waitlist', action: 'product_waitlist', siteKey: 'enterprise-key' },
      { token: 'good-enterprise-form_block', action: 'form_block', siteKey: 'enterprise-key' },
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
