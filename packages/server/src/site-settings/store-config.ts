import { count, eq, sql } from 'drizzle-orm';
import { orders, products, websites, type DbOrTx } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { withSettingsDefaults, type Website } from '../sites/index.js';
import { SiteSettingsMessages as M } from './messages.js';
import type { StoreConfigBody } from './schemas.js';

/** The store configuration as owners see it, with what decides whether the currency may change. */
export interface StoreConfigView {
  timeZone: string;
  locale: string;
  currency: string;
  productCount: number;
  hasOrders: boolean;
}

/** How many products the site has, and whether it has any order. */
async function storeFacts(db: DbOrTx, websiteId: string): Promise<{ productCount: number; hasOrders: boolean }> {
  const [[productRow], orderRows] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.websiteId, websiteId)),
    db.select({ id: orders.id }).from(orders).where(eq(orders.websiteId, websiteId)).limit(1),
  ]);
  return { productCount: Number(productRow?.n ?? 0), hasOrders: orderRows.length > 0 };
}

/** A site's time zone, locale and currency (with the spec 9 defaults), and its store facts. */
export async function readStoreConfig(db: DbOrTx, site: Pick<Website, 'id' | 'settings'>): Promise<StoreConfigView> {
  const settings = withSettingsDefaults(site.settings);
  return { timeZone: settings.timeZone, locale: settings.locale, currency: settings.currency, ...(await storeFacts(db, site.id)) };
}

/**
 * Saves the time zone, locale and currency at once (store configuration is not drafted). The
 * currency is refused once the store has orders (their totals, refunds and reports are in the old
 * one), and changes over products only when confirmed: prices are amounts, not converted.
 */
export async function writeStoreConfig(tx: DbOrTx, site: Pick<Website, 'id' | 'settings'>, body: StoreConfigBody): Promise<StoreConfigView> {
  const current = withSettingsDefaults(site.settings);
  const facts = await storeFacts(tx, site.id);
  if (body.currency !== current.currency) {
    if (facts.hasOrders) throw new AppError('CONFLICT', M.CURRENCY_HAS_ORDERS, { body: { fields: { currency: M.CURRENCY_HAS_ORDERS } } });
    if (facts.productCount > 0 && body.confirmCurrencyChange !== true) {
      throw new AppError('CONFLICT', M.CURRENCY_NEEDS_CONFIRMATION, { body: { fields: { currency: M.CURRENCY_NEEDS_CONFIRMATION } } });
    }
  }
  const patch = { timeZone: body.timeZone, locale: body.locale, currency: body.currency };
  await tx
    .update(websites)
    .set({ settings: sql`${websites.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(websites.id, site.id));
  return { ...patch, ...facts };
}
