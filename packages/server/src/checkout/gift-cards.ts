import { randomInt } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { giftCards } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** A redeemable gift card. */
export type GiftCardRow = typeof giftCards.$inferSelect;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new code: four groups of four characters without look-alikes (0/O, 1/I). */
export function newGiftCardCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Normalises a typed code (case, spaces, missing dashes) to the stored form. */
export function normalizeGiftCardCode(code: string): string {
  const compact = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 16 ? compact.match(/.{4}/g)!.join('-') : compact;
}

/** A gift card of this site by code, or undefined. */
export async function findGiftCard(db: DbOrTx, websiteId: string, code: string): Promise<GiftCardRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.code, normalizeGiftCardCode(code))));
  return row;
}

/** Takes `amount` from a gift card's balance in one guarded statement; false when too little is left. */
export async function debitGiftCard(db: DbOrTx, websiteId: string, giftCardId: string, amount: number): Promise<boolean> {
  if (amount <= 0) return true;
  const rows = await db
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${amount}` })
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.id, giftCardId), gte(giftCards.balanceCents, amount)))
    .returning({ id: giftCards.id });
  return rows.length === 1;
}

/** Issues gift cards bought in an order (one per unit); returns their codes and amounts. */
export async function issueGiftCards(
  db: DbOrTx,
  websiteId: string,
  orderId: string,
  currency: string,
  amounts: readonly number[],
): Promise<Array<{ code: string; amountCents: number }>> {
  if (amounts.length === 0) return [];
  const values = amounts.map((amount) => ({
    websiteId,
    code: newGiftCardCode(),
    currency,
    initialCents: amount,
    balanceCents: amount,
    sourceOrderId: orderId,
  }));
  await db.insert(giftCards).values(values);
  return values.map((v) => ({ code: v.code, amountCents: v.initialCents }));
}
