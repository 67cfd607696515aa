import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cartEntries, carts, items, variants, type Db } from '../src/db/index.js';
import type { PagesOptions } from '../src/pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../src/seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../src/sites/index.js';
import { TranslationPaths } from '../src/translations/index.js';
import { makeOwner, type OwnerClient, signInOwner } from './owners.js';
import { createPagesTestApp, type PagesTestApp } from './pages-test-app.js';

/** The seeded demo shop's host. */
export const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

/** One row of the owner's translation list. */
export interface TranslationEntry {
  subjectType: string;
  subjectId: string;
  field: string;
  source: string;
  translation: string | null;
  state: string;
  builtIn?: string;
}

/** The seeded demo with French and German published beside English, and a signed-in admin. */
export interface TranslatedDemo {
  t: PagesTestApp;
  db: Db;
  demo: Website;
  owner: OwnerClient;
}

/**
 * Seeds the demo, signs in an admin `ownerEmail` and publishes French and German beside the
 * primary English, as the owner does on the languages screen.
 */
export async function createTranslatedDemo(ownerEmail: string, options: PagesOptions = {}): Promise<TranslatedDemo> {
  const t = await createPagesTestApp(options);
  try {
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(db, demo.id, ownerEmail, 'admin');
    const owner = await signInOwner(t.app, DEMO_HOST, ownerEmail);
    const saved = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', published: true },
        { code: 'de', published: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { t, db, demo, owner };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Saves the owner's translation of one text (it must be accepted) and returns its entry. */
export async function saveTranslation(
  owner: OwnerClient,
  language: string,
  subjectType: string,
  subjectId: string,
  field: string,
  text: string,
): Promise<TranslationEntry> {
  const res = await owner.call('PUT', TranslationPaths.LIST, { language, subjectType, subjectId, field, text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TranslationEntry;
}

/** A cart holding one of the product `urlId` (its first variant) at `purchasePriceCents`; returns its cookie. */
export async function cartCookieWith(db: Db, websiteId: string, urlId: string, purchasePriceCents: number): Promise<string> {
  const [product] = await db
    .select({ id: items.id, variantId: variants.id, sku: variants.sku })
    .from(items)
    .innerJoin(variants, and(eq(variants.websiteId, items.websiteId), eq(variants.productId, items.id)))
    .where(and(eq(items.websiteId, websiteId), eq(items.urlId, urlId)));
  const [cart] = await db.insert(carts).values({ websiteId }).returning();
  await db
    .insert(cartEntries)
    .values({ websiteId, cartId: cart!.id, itemId: product!.id, variantId: product!.variantId, sku: product!.sku, quantity: 1, purchasePriceCents });
  return `emporium_cart=${cart!.id}`;
}

/** Decodes the props JSON of the island `name` in a page's HTML. */
export function islandProps(html: string, name: string): Record<string, any> {
  const match = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  expect(match, `island ${name}`).toBeTruthy();
  const json = match![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(json) as Record<string, any>;
}

/** The page's text without tags, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
