import type { Page } from 'playwright-core';

/** Waits for the dashboard's Pages screen to list the site's pages. */
export async function pagesScreenReady(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Pages' && document.querySelector('.page-choice'), null, { timeout });
}

/** On the Pages screen: **Add page**, a page of kind Page titled `title`, and waits for its editor. */
export async function addPlainPage(page: Page, title: string, timeout = 15_000): Promise<void> {
  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByLabel('Kind').selectOption('page');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByRole('heading', { name: title, level: 2 }).waitFor({ timeout });
}

/** In a page's editor: picks the block kind named `label` and presses **Add block**. */
export async function addBlock(page: Page, label: string): Promise<void> {
  await page.getByLabel('Block kind').selectOption({ label });
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
}
