import { and, asc, eq, sql } from 'drizzle-orm';
import { coupons, type CouponKind } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import { checkCoupon, type CouponValues } from './coupon-rules.js';
import { fieldError, isUniqueViolation, SettingMessages } from './setting-messages.js';

type CouponRow = typeof coupons.$inferSelect;

/** A coupon as the owner sees it. */
export interface CouponJson {
  id: string;
  code: string;
  kind: CouponKind;
  amount: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  timesUsed: number;
  active: boolean;
  createdAt: string;
}

/** What an owner may set on a coupon (dates as ISO text, as they arrive). */
export interface CouponInput {
  code: string;
  kind: CouponKind;
  amount: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  active: boolean;
}

function couponJson(row: CouponRow): CouponJson {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    timesUsed: row.timesUsed,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

function duplicateCode(code: string): AppError {
  return fieldError('CONFLICT', 'code', SettingMessages.duplicateCoupon(code));
}

async function codeTaken(db: Db, websiteId: string, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), sql`upper(${coupons.code}) = ${code.toUpperCase()}`));
  return rows.some((r) => r.id !== exceptId);
}

/** The site's coupons, by code. */
export async function listCoupons(db: Db, websiteId: string): Promise<CouponJson[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.websiteId, websiteId))
    .orderBy(asc(sql`upper(${coupons.code})`), asc(coupons.id));
  return rows.map(couponJson);
}

function values(input: CouponValues) {
  return {
    code: input.code,
    kind: input.kind,
    amount: input.amount,
    minSubtotalCents: input.minSubtotalCents,
    startsAt: toDate(input.startsAt),
    endsAt: toDate(input.endsAt),
    maxUses: input.maxUses,
    active: input.active,
  };
}

/** Creates a coupon after checking its rules; 409 when the site already has the code. */
export async function createCoupon(db: Db, websiteId: string, input: CouponInput, actor: AuditActor): Promise<CouponJson> {
  const checked = checkCoupon(input, 0);
  if (await codeTaken(db, websiteId, checked.code)) throw duplicateCode(checked.code);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({ websiteId, ...values(checked) })
        .returning();
      await recordAuditAs(tx, websiteId, actor, { action: 'coupon.create', subjectType: 'coupon', subjectId: row!.id, detail: { code: row!.code } });
      return couponJson(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(checked.code);
    throw error;
  }
}

/**
 * Changes some fields of a coupon. The row is locked while the merged coupon is checked, so
 * the use limit is compared with the uses counted so far.
 */
export async function updateCoupon(db: Db, websiteId: string, id: string, patch: Partial<CouponInput>, actor: AuditActor): Promise<CouponJson> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND', SettingMessages.COUPON_NOT_FOUND);
      const current = couponJson(row);
      const checked = checkCoupon({ ...current, ...patch }, row.timesUsed);
      if (checked.code.toUpperCase() !== row.code.toUpperCase() && (await codeTaken(tx as unknown as Db, websiteId, checked.code, id)))
        throw duplicateCode(checked.code);
      const [updated] = await tx
        .update(coupons)
        .set(values(checked))
        .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)))
        .returning();
      await recordAuditAs(tx, websiteId, actor, {
        action: 'coupon.update',
        subjectType: 'coupon',
        subjectId: id,
        detail: { code: updated!.code, changed: Object.keys(patch) },
      });
      return couponJson(updated!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(patch.code ?? '');
    throw error;
  }
}
