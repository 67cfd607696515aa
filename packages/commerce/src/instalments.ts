import type { Money } from './money.js';
import { money } from './money.js';
import { formatMoney } from './money-format.js';
import type { CartEntry } from './cart.js';
import { ProductType } from './product-type.js';

/** The pay-later provider shown for a shopper locale. */
export type InstalmentProvider = 'afterpay' | 'clearpay';

/** Number of instalments a purchase is split into. */
export const INSTALMENT_COUNT = 4;

const AFTERPAY_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'];
const CLEARPAY_LOCALES = ['en_GB'];

/** Languages valid for instalment messaging per Stripe account country. */
export const INSTALMENT_LANGUAGES: Readonly<Record<string, ReadonlyArray<string>>> = Object.freeze({
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
});

/** Provider for a locale ("en_US" or "en-US"): Afterpay, Clearpay for en_GB, else null. */
export function instalmentProvider(locale: string): InstalmentProvider | null {
  const key = locale.replace('-', '_');
  if (AFTERPAY_LOCALES.includes(key)) return 'afterpay';
  if (CLEARPAY_LOCALES.includes(key)) return 'clearpay';
  return null;
}

/** The locale to use for a Stripe account country and shopper language, or null when invalid. */
export function instalmentLocale(country: string, language: string): string | null {
  const langs = INSTALMENT_LANGUAGES[country.toUpperCase()];
  const lang = language.toLowerCase().slice(0, 2);
  if (!langs || !langs.includes(lang)) return null;
  return `${lang}_${country.toUpperCase()}`;
}

/** Per-item instalment context. */
export interface InstalmentContext {
  readonly afterPayAvailable: boolean;
  /** Minimum in minor units (exclusive). */
  readonly afterPayMin: number;
  /** Maximum in minor units (inclusive). */
  readonly afterPayMax: number;
}

/** Eligible when the price is strictly above the minimum and not above the maximum. */
export function isInstalmentEligible(priceCents: number, ctx: InstalmentContext): boolean {
  return priceCents > ctx.afterPayMin && priceCents <= ctx.afterPayMax;
}

/** The pill shows only for physical products with Afterpay available. */
export function showsInstalmentPill(productType: number, ctx: InstalmentContext): boolean {
  return productType === ProductType.PHYSICAL && ctx.afterPayAvailable;
}

/** A cart can pay in instalments when it is non-empty and every item is physical. */
export function isCartInstalmentEligible(entries: ReadonlyArray<CartEntry>): boolean {
  return entries.length > 0 && entries.every((e) => e.productType === ProductType.PHYSICAL);
}

/** One instalment in minor units, rounded up so four instalments cover the price. */
export function instalmentAmount(price: Money, count: number = INSTALMENT_COUNT): Money {
  return money(Math.ceil(price.value / count), price.currency);
}

/** 'N interest-free payments of amount'. */
export function instalmentText(price: Money, locale?: string, count: number = INSTALMENT_COUNT): string {
  return `${count} interest-free payments of ${formatMoney(instalmentAmount(price, count), locale)}`;
}

/**
 * Out-of-range text: 'available for orders up to {amount}' when the price is above the maximum,
 * 'available for orders over {amount}' when at or below the minimum; null when in range.
 */
export function instalmentRangeText(priceCents: number, ctx: InstalmentContext, currency: string, locale?: string): string | null {
  if (isInstalmentEligible(priceCents, ctx)) return null;
  if (priceCents > ctx.afterPayMax) return `available for orders up to ${formatMoney(money(ctx.afterPayMax, currency), locale)}`;
  return `available for orders over ${formatMoney(money(ctx.afterPayMin, currency), locale)}`;
}
