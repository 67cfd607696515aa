import { ProductType } from '@emporium/commerce';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { collections, items, products, variants } from '../db/index.js';
import { memberAreaGates, memberAreas, type GateKind } from '../db/schema-member-areas.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { activeMembershipSql } from './membership-repository.js';
import { MAX_MEMBER_AREAS, MemberAreaMessages } from './messages.js';

/** A member area row. */
export type MemberAreaRow = typeof memberAreas.$inferSelect;

/** One gated collection or item. */
export interface Gate {
  kind: GateKind;
  id: string;
}

/** What an owner saves of an area (checked by its route schema). */
export interface AreaInput {
  name: string;
  description: string;
  priceCents: number;
  billing: 'one-time' | 'recurring';
  billingPeriod?: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' } | null;
  trialDays: number;
  productItemId?: string | null;
  gates?: Gate[];
}

/** Path of an area's join page on its site. */
export function joinPath(areaId: string): string {
  return `/commerce/join/${encodeURIComponent(areaId)}`;
}

/** The site's areas, oldest first. */
export async function listAreas(db: DbOrTx, websiteId: string): Promise<MemberAreaRow[]> {
  return db.select().from(memberAreas).where(eq(memberAreas.websiteId, websiteId)).orderBy(asc(memberAreas.createdAt), asc(memberAreas.id));
}

/** One area of the site, or undefined. */
export async function findArea(db: DbOrTx, websiteId: string, areaId: string): Promise<MemberAreaRow | undefined> {
  const [row] = await db
    .select()
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)));
  return row;
}

/** The area sold by a paywall product, or undefined. */
export async function areaOfProduct(db: DbOrTx, websiteId: string, productItemId: string): Promise<MemberAreaRow | undefined> {
  const [row] = await db
    .select()
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.productItemId, productItemId)));
  return row;
}

/** Gates of the given areas (all of the site's when `areaIds` is absent). */
export async function gatesOf(db: DbOrTx, websiteId: string, areaIds?: readonly string[]): Promise<Array<Gate & { areaId: string }>> {
  if (areaIds && areaIds.length === 0) return [];
  const rows = await db
    .select({ areaId: memberAreaGates.memberAreaId, kind: memberAreaGates.targetKind, id: memberAreaGates.targetId })
    .from(memberAreaGates)
    .where(and(eq(memberAreaGates.websiteId, websiteId), areaIds ? inArray(memberAreaGates.memberAreaId, [...areaIds]) : undefined))
    .orderBy(asc(memberAreaGates.createdAt), asc(memberAreaGates.targetId));
  return rows;
}

/** Active members per area of the site. */
export async function activeMemberCounts(db: DbOrTx, websiteId: string): Promise<Map<string, number>> {
  const rows = (await db.execute(sql`
    SELECT m.member_area_id AS "areaId", count(*)::int AS "n" FROM memberships m
    WHERE m.website_id = ${websiteId} AND ${activeMembershipSql(sql`m`)}
    GROUP BY m.member_area_id`)) as unknown as { rows: Array<{ areaId: string; n: number }> };
  return new Map(rows.rows.map((r) => [r.areaId, Number(r.n)]));
}

async function assertPaywallProduct(db: DbOrTx, websiteId: string, productItemId: string, areaId: string | undefined): Promise<void> {
  const [product] = await db
    .select({ type: products.productType })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.itemId, productItemId)));
  if (product?.type !== ProductType.PAYWALL) throw new AppError('VALIDATION_FAILED', MemberAreaMessages.PRODUCT_NOT_PAYWALL);
  const other = await areaOfProduct(db, websiteId, productItemId);
  if (other && other.id !== areaId) throw new AppError('CONFLICT', MemberAreaMessages.PRODUCT_TAKEN);
}

/** Every gate names a collection or item of the site (400 otherwise). */
async function assertOwnTargets(db: DbOrTx, websiteId: string, gates: readonly Gate[]): Promise<void> {
  const collectionIds = [...new Set(gates.filter((g) => g.kind === 'collection').map((g) => g.id))];
  const itemIds = [...new Set(gates.filter((g) => g.kind === 'item').map((g) => g.id))];
  const [foundCollections] = collectionIds.length
    ? await db
        .select({ n: count() })
        .from(collections)
        .where(and(eq(collections.websiteId, websiteId), inArray(collections.id, collectionIds)))
    : [{ n: 0 }];
  const [foundItems] = itemIds.length
    ? await db
        .select({ n: count() })
        .from(items)
        .where(and(eq(items.websiteId, websiteId), inArray(items.id, itemIds)))
    : [{ n: 0 }];
  if (Number(foundCollections?.n) !== collectionIds.length || Number(foundItems?.n) !== itemIds.length) {
    throw new AppError('VALIDATION_FAILED', MemberAreaMessages.GATE_TARGET_UNKNOWN);
  }
}

/** Replaces an area's gates (targets checked to be the site's). */
export async function replaceGates(db: DbOrTx, websiteId: string, areaId: string, gates: readonly Gate[]): Promise<void> {
  await assertOwnTargets(db, websiteId, gates);
  await db.delete(memberAreaGates).where(and(eq(memberAreaGates.websiteId, websiteId), eq(memberAreaGates.memberAreaId, areaId)));
  const unique = [...new Map(gates.map((g) => [`${g.kind}:${g.id}`, g])).values()];
  if (unique.length) {
    await db.insert(memberAreaGates).values(unique.map((g) => ({ websiteId, memberAreaId: areaId, targetKind: g.kind, targetId: g.id })));
  }
}

/** Makes `areaIds` the areas that gate one collection of the site (its other gates go); the caller checks that the areas are the site's. */
export async function gateCollectionBy(db: DbOrTx, websiteId: string, collectionId: string, areaIds: readonly string[]): Promise<void> {
  await db
    .delete(memberAreaGates)
    .where(and(eq(memberAreaGates.websiteId, websiteId), eq(memberAreaGates.targetKind, 'collection'), eq(memberAreaGates.targetId, collectionId)));
  const unique = [...new Set(areaIds)];
  if (unique.length) {
    await db.insert(memberAreaGates).values(unique.map((id) => ({ websiteId, memberAreaId: id, targetKind: 'collection' as const, targetId: collectionId })));
  }
}

/** The paywall product's variants are priced as the area (one statement; the area's price is the one shown and charged). */
async function priceProductAsArea(db: DbOrTx, websiteId: string, productItemId: string, priceCents: number): Promise<void> {
  await db
    .update(variants)
    .set({ priceCents, onSale: false, salePriceCents: 0 })
    .where(and(eq(variants.websiteId, websiteId), eq(variants.productId, productItemId)));
}

function columnsOf(input: AreaInput) {
  if (input.billing === 'recurring' && !input.billingPeriod) throw new AppError('VALIDATION_FAILED', MemberAreaMessages.PERIOD_REQUIRED);
  const recurring = input.billing === 'recurring' && input.billingPeriod;
  return {
    name: input.name,
    description: input.description,
    priceCents: input.priceCents,
    billing: input.billing,
    periodValue: recurring ? recurring.value : null,
    periodUnit: recurring ? recurring.unit : null,
    trialDays: input.trialDays,
    productItemId: input.productItemId ?? null,
  };
}

/** Creates an area with its gates; returns its id. */
export async function createArea(db: DbOrTx, websiteId: string, input: AreaInput): Promise<string> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(memberAreas).where(eq(memberAreas.websiteId, websiteId));
  if (Number(n) >= MAX_MEMBER_AREAS) throw new AppError('CONFLICT', `A site can have at most ${MAX_MEMBER_AREAS} member areas.`);
  if (input.productItemId) await assertPaywallProduct(db, websiteId, input.productItemId, undefined);
  const [row] = await db
    .insert(memberAreas)
    .values({ websiteId, ...columnsOf(input) })
    .returning({ id: memberAreas.id });
  if (input.gates) await replaceGates(db, websiteId, row!.id, input.gates);
  if (input.productItemId) await priceProductAsArea(db, websiteId, input.productItemId, input.priceCents);
  return row!.id;
}

/** Saves an area (and its gates when given); false when the site has no such area. */
export async function updateArea(db: DbOrTx, websiteId: string, areaId: string, input: AreaInput, now: Date): Promise<boolean> {
  if (input.productItemId) await assertPaywallProduct(db, websiteId, input.productItemId, areaId);
  const updated = await db
    .update(memberAreas)
    .set({ ...columnsOf(input), updatedAt: now })
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)))
    .returning({ id: memberAreas.id });
  if (updated.length === 0) return false;
  if (input.gates) await replaceGates(db, websiteId, areaId, input.gates);
  if (input.productItemId) await priceProductAsArea(db, websiteId, input.productItemId, input.priceCents);
  return true;
}

/** Deletes an area, its gates and memberships; false when the site has no such area. */
export async function deleteArea(db: DbOrTx, websiteId: string, areaId: string): Promise<boolean> {
  const deleted = await db
    .delete(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)))
    .returning({ id: memberAreas.id });
  return deleted.length > 0;
}

/** Areas without a product, for checks of free areas. */
export function isFree(area: Pick<MemberAreaRow, 'priceCents'>): boolean {
  return area.priceCents === 0;
}
