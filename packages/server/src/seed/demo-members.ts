import { eq, sql } from 'drizzle-orm';
import { collections, items, products, variants, websites } from '../db/index.js';
import type { DbOrTx } from '../db/types.js';
import { createArea } from '../member-areas/index.js';
import { CollectionType, RecordType } from '../spec/index.js';
import { SeedWriter } from './seed-writer.js';

/** URL id of the demo's member-only page. */
export const DEMO_MEMBERS_URL_ID = 'members';
/** Price of the demo's member area: $5.00 once. */
export const DEMO_MEMBERS_PRICE_CENTS = 500;

/**
 * The demo's member area: "Members", sold once for $5.00 by a paywall product (type 5, in a
 * store collection kept off the navigation), gating a page at `/members` with the studio's
 * notes; the page joins the main navigation, so a newcomer meets the join button at once.
 */
export async function seedDemoMembers(db: DbOrTx, websiteId: string): Promise<string> {
  const w = new SeedWriter(db, websiteId);
  const page = await w.collection({
    type: CollectionType.PAGE,
    urlId: DEMO_MEMBERS_URL_ID,
    title: 'Members',
    displayIndex: 7,
    settings: {
      blocks: [
        {
          typeName: 'html',
          title: 'The studio notebook',
          html: '<p>Welcome, member. Here we keep the things we only share with friends of the studio: our glaze recipes, the dye-pot schedule for the season and early dates for the next workshops.</p><h2>This month</h2><p>Walnut-hull dye on Thursday, a bisque firing on Saturday, and a new linen weight arriving from the mill.</p>',
        },
      ],
    },
  });
  const [memberships] = await db
    .insert(collections)
    .values({ websiteId, type: CollectionType.PRODUCTS, urlId: 'memberships', title: 'Memberships', enabled: false, displayIndex: 99, settings: {} })
    .returning({ id: collections.id });
  const [item] = await db
    .insert(items)
    .values({
      websiteId,
      collectionId: memberships!.id,
      recordType: RecordType.STORE_ITEM,
      urlId: 'studio-membership',
      title: 'Studio membership',
      body: '<p>Access to the members’ page: recipes, schedules and early workshop dates.</p>',
      status: 'published',
    })
    .returning({ id: items.id });
  await db.insert(products).values({ itemId: item!.id, websiteId, productType: 5 });
  await db.insert(variants).values({ websiteId, productId: item!.id, sku: 'MEMBERSHIP', priceCents: DEMO_MEMBERS_PRICE_CENTS, unlimited: true });
  const areaId = await createArea(db, websiteId, {
    name: 'Members',
    description: 'Recipes, schedules and early workshop dates from the studio.',
    priceCents: DEMO_MEMBERS_PRICE_CENTS,
    billing: 'one-time',
    trialDays: 0,
    productItemId: item!.id,
    gates: [{ kind: 'collection', id: page }],
  });
  await db
    .update(websites)
    .set({
      settings: sql`jsonb_set(${websites.settings}, '{navigation,mainNavigation,items}', coalesce(${websites.settings} #> '{navigation,mainNavigation,items}', '[]'::jsonb) || ${JSON.stringify([{ collectionId: page }])}::jsonb)`,
    })
    .where(eq(websites.id, websiteId));
  return areaId;
}
