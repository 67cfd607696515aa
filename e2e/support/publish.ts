import type { Page } from 'playwright-core';

/**
 * Publishes the site's drafts from the bar under the dashboard's header, as an owner does after
 * saving on Navigation, Header & footer or Design: Publish, then Publish now in the dialog that
 * names the changes; resolves once the dashboard says visitors see them.
 */
export async function publishFromHeader(page: Page, timeout = 15_000): Promise<void> {
  const bar = page.locator('.site-changes');
  await bar.getByRole('button', { name: 'Publish' }).click({ timeout });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Publish now' }).click({ timeout });
  await bar.getByRole('status').filter({ hasText: 'visitors now see' }).waitFor({ timeout });
}
