import type { Db } from '../db/types.js';
import type { MediaStorage } from '../media/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { seedDemoFrench } from './demo-french.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoCourse } from './demo-course.js';
import { seedFormPages } from './demo-form-pages.js';
import { type PhotoSeedReport, seedDemoPhotos } from './demo-photos.js';
import { DEMO_SHOP_IDENTIFIER, seedDemoShop } from './demo-shop.js';
import { JOURNAL_IDENTIFIER, seedJournalSite } from './journal-site.js';

export { DEMO_SHOP_IDENTIFIER } from './demo-shop.js';
export { JOURNAL_IDENTIFIER } from './journal-site.js';
export { SeedWriter } from './seed-writer.js';
export { createStarterSite } from './starter-site.js';
export { seedDemoPhotos, DEMO_PHOTOS_DIR, type PhotoSeedReport } from './demo-photos.js';

/** What {@link seedDemo} did for each demo site. */
export interface SeedReport {
  created: string[];
  skipped: string[];
  /** Present when photos were asked for. */
  photos?: PhotoSeedReport;
}

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /**
   * Gives the demo products their photos through the upload pipeline, stored here (see
   * {@link seedDemoPhotos}). The CLI's seed and the first start ask for them; tests seed
   * without photos (resizing every photo takes seconds) unless they need them.
   */
  photos?: MediaStorage;
}

/**
 * Seeds the demo sites: `demo` (Fern & Field, a small shop with one product of every kind,
 * a journal, events, a studio gallery, contact and newsletter forms, a survey page with every
 * form field kind and a redirecting wholesale form) and `journal`
 * (Northbound Notes, a content site). Each site is written in one transaction. Idempotent:
 * a site whose identifier already exists is left untouched, and products that have their
 * photos get no more.
 */
export async function seedDemo(db: Db, now: Date = new Date(), options: SeedOptions = {}): Promise<SeedReport> {
  const report: SeedReport = { created: [], skipped: [] };
  const sites: [string, (tx: Parameters<Parameters<Db['transaction']>[0]>[0], now: Date) => Promise<string>][] = [
    [
      DEMO_SHOP_IDENTIFIER,
      async (tx, now) => {
        const id = await seedDemoShop(tx, now);
        await seedFormPages(tx, id);
        // The members' page first, so the French seed translates its title and slug too.
        const membersArea = await seedDemoMembers(tx, id);
        await seedDemoCourse(tx, id, membersArea);
        await seedDemoFrench(tx, id);
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
  if (options.photos) report.photos = await seedDemoPhotos(db, options.photos);
  return report;
}
