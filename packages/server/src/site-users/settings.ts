import { eq } from 'drizzle-orm';
import { siteUserSettings } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';

/** A site's site-user settings; accounts are off until an owner turns them on. */
export interface SiteUserSettings {
  accountsEnabled: boolean;
}

/** The site's settings (off when never saved). */
export async function readSiteUserSettings(db: DbOrTx, websiteId: string): Promise<SiteUserSettings> {
  const [row] = await db.select({ accountsEnabled: siteUserSettings.accountsEnabled }).from(siteUserSettings).where(eq(siteUserSettings.websiteId, websiteId));
  return { accountsEnabled: row?.accountsEnabled ?? false };
}

/** Saves the site's settings. */
export async function saveSiteUserSettings(db: DbOrTx, websiteId: string, settings: SiteUserSettings): Promise<SiteUserSettings> {
  await db
    .insert(siteUserSettings)
    .values({ websiteId, accountsEnabled: settings.accountsEnabled })
    .onConflictDoUpdate({ target: siteUserSettings.websiteId, set: { accountsEnabled: settings.accountsEnabled, updatedAt: new Date() } });
  return readSiteUserSettings(db, websiteId);
}
