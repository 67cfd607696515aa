import { and, asc, eq } from 'drizzle-orm';
import { shippingOptions } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import { SettingMessages } from './setting-messages.js';

type ShippingOptionRow = typeof shippingOptions.$inferSelect;

/** A shipping option as the owner sees it (money in minor units of the store's currency). */
export interface ShippingOptionJson {
  id: string;
  name: string;
  priceCents: number;
  freeOverCents: number;
  countries: string[];
  displayIndex: number;
  active: boolean;
  createdAt: string;
}

/** What an owner may set on a shipping option. */
export interface ShippingOptionInput {
  name: string;
  priceCents: number;
  freeOverCents: number;
  countries: string[];
  displayIndex: number;
  active: boolean;
}

function optionJson(row: ShippingOptionRow): ShippingOptionJson {
  return {
    id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    freeOverCents: row.freeOverCents,
    countries: [...row.countries],
    displayIndex: row.displayIndex,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

const unique = (countries: readonly string[]) => [...new Set(countries)].sort();

/** The site's shipping options in the order checkout shows them, those turned off included. */
export async function listShippingOptions(db: Db, websiteId: string): Promise<ShippingOptionJson[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.websiteId, websiteId))
    .orderBy(asc(shippingOptions.displayIndex), asc(shippingOptions.priceCents), asc(shippingOptions.id));
  return rows.map(optionJson);
}

/** Creates a shipping option. Carts see it on their next request (the site's content version moves). */
export async function createShippingOption(db: Db, websiteId: string, input: ShippingOptionInput, actor: AuditActor): Promise<ShippingOptionJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shippingOptions)
      .values({ websiteId, ...input, countries: unique(input.countries) })
      .returning();
    await recordAuditAs(tx, websiteId, actor, {
      action: 'shipping-option.create',
      subjectType: 'shipping-option',
      subjectId: row!.id,
      detail: { name: row!.name },
    });
    return optionJson(row!);
  });
}

/** Changes some fields of a shipping option (`active: false` turns it off). */
export async function updateShippingOption(
  db: Db,
  websiteId: string,
  id: string,
  patch: Partial<ShippingOptionInput>,
  actor: AuditActor,
): Promise<ShippingOptionJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shippingOptions)
      .set({ ...patch, ...(patch.countries ? { countries: unique(patch.countries) } : {}) })
      .where(and(eq(shippingOptions.websiteId, websiteId), eq(shippingOptions.id, id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', SettingMessages.SHIPPING_OPTION_NOT_FOUND);
    await recordAuditAs(tx, websiteId, actor, {
      action: 'shipping-option.update',
      subjectType: 'shipping-option',
      subjectId: id,
      detail: { name: row.name, changed: Object.keys(patch) },
    });
    return optionJson(row);
  });
}
