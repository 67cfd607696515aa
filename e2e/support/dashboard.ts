import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A browser context of an owner signed in through the dashboard's sign-in page. */
export interface SignedInOwner {
  context: BrowserContext;
  page: Page;
  /** Script errors the page threw. */
  errors: string[];
}

/** How {@link signInAt} reaches the dashboard and who signs in. */
export interface DashboardSignIn {
  /** The site's dashboard, `http://admin.localhost:{port}/sites/{identifier}`. */
  dashboard: string;
  email: string;
  password: string;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
}

/**
 * Opens `path` of a site's dashboard in a fresh context, is sent to the sign-in page, signs in
 * with email and password and waits to be back at `path`.
 */
export async function signInAt(browser: Browser, path: string, options: DashboardSignIn): Promise<SignedInOwner> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, acceptDownloads: options.acceptDownloads ?? false });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${options.dashboard}${path}`);
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const base = new URL(options.dashboard).pathname;
  await page.waitForURL((url) => url.pathname === `${base}${path.split('?')[0]}`);
  return { context, page, errors };
}
