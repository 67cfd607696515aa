import type { DbOrTx } from '../db/types.js';
import { CollectionType } from '../spec/index.js';
import { createWebsite, type NewWebsite, type Website } from '../sites/index.js';
import { SeedWriter } from './seed-writer.js';

/**
 * Creates a site with a home page that welcomes its visitors and tells the owner where to go
 * next, in one transaction: a new site answers at its address from the first request instead
 * of with 'Page not found'.
 */
export async function createStarterSite(db: DbOrTx, input: NewWebsite): Promise<Website> {
  return db.transaction(async (tx) => {
    const site = await createWebsite(tx, input);
    await new SeedWriter(tx, site.id).collection({
      type: CollectionType.PAGE,
      urlId: 'home',
      title: 'Home',
      isHomepage: true,
      settings: {
        blocks: [
          {
            typeName: 'hero',
            eyebrow: 'Welcome',
            title: site.title,
            text: site.description || 'A new site on Emporium. The shop, the journal and more are on their way.',
          },
          {
            typeName: 'html',
            title: 'Getting started',
            html: '<p>This is your home page. Sign in to the owner pages at <a href="/config/login">/config/login</a> to see form submissions and sign-ups as they arrive.</p>',
          },
        ],
      },
    });
    return site;
  });
}
