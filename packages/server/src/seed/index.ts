import type { Db } from '../db/types.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { seedFormPages } from './demo-form-pages.js';
import { DEMO_SHOP_IDENTIFIER, seedDemoShop } from './demo-shop.js';
import { JOURNAL_IDENTIFIER, seedJournalSite } from './journal-site.js';

export { DEMO_SHOP_IDENTIFIER } from './demo-shop.js';
export { JOURNAL_IDENTIFIER } from './journal-site.js';
export { SeedWriter } from './seed-writer.js';

/** What {@link seedDemo} did for each demo site. */
export interface SeedReport {
  created: string[];
  skipped: string[];
}

/**
 * Seeds the demo sites: `demo` (Fern & Field, a small shop with one product of every kind,
 * a journal, events, a studio gallery, contact and newsletter forms, a survey page with every
 * form field kind and a redirecting wholesale form) and `journal`
 * (Northbound Notes, a content site). Each site is written in one transaction. Idempotent:
 * a site whose identifier already exists is left untouched.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedReport> {
  const report: SeedReport = { created: [], skipped: [] };
  const sites: [string, (tx: Parameters<Parameters<Db['transaction']>[0]>[0], now: Date) => Promise<string>][] = [
    [
      DEMO_SHOP_IDENTIFIER,
      async (tx, now) => {
        const id = await seedDemoShop(tx, now);
        await seedFormPages(tx, id);
        return id;
      },
    ],
    [JOURNAL_IDENTIFIER, seedJournalSite],
  ];
  for (const [identifier, seed] of sites) {
    if (await findWebsiteByIdentifier(db, identifier)) {
      report.skipped.push(identifier);
      continue;
    }
    await db.transaction((tx) => seed(tx, now));
    report.created.push(identifier);
  }
  return report;
}
