import { COUPON_KINDS } from '../db/schema.js';
import { z } from '../http/schemas.js';
import { SettingMessages } from './setting-messages.js';
import { hasAtMostThreeDecimals } from './tax-rate.js';

/** Largest amount of money an owner can enter, in minor units (one hundred million, e.g. $1,000,000.00). */
export const MAX_MONEY_CENTS = 100_000_000;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount in minor units (cents).` })
    .int({ error: `${what} must be a whole number of minor units (cents).` })
    .min(0, { error: `${what} cannot be negative.` })
    .max(MAX_MONEY_CENTS, { error: `${what} can be at most ${MAX_MONEY_CENTS} minor units.` });

const name = (what: string) =>
  z
    .string({ error: `Enter a name for the ${what}.` })
    .trim()
    .min(1, { error: `Enter a name for the ${what}.` })
    .max(100, { error: 'A name can have at most 100 characters.' });

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Use two-letter country codes, like US or GB.' });

const active = z.boolean({ error: 'active must be true or false.' });

/** Route parameters naming one setting row. */
export const SettingParams = z.object({ id: z.string().describe('The row id') });

// ---- Coupons -------------------------------------------------------------------------------

const when = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `${what} must be a date and time like 2026-12-01T00:00:00Z.` })
    .nullable()
    .describe(`${what} (ISO 8601); null for none`);

/** Fields of a coupon an owner sets. The amount is a percentage (PERCENT), minor units (FIXED) or 0 (FREE_SHIPPING). */
const couponFields = {
  code: z
    .string({ error: 'Enter a code.' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'Enter a code.' })
    .max(64, { error: 'A code can have at most 64 characters.' })
    .regex(/^[A-Z0-9_-]+$/, { error: 'A code can use only letters, digits, - and _.' }),
  kind: z.enum(COUPON_KINDS, { error: `kind must be one of ${COUPON_KINDS.join(', ')}.` }),
  amount: z.number({ error: 'amount must be a number.' }).int({ error: 'amount must be a whole number.' }).min(0, { error: 'amount cannot be negative.' }),
  minSubtotalCents: cents('The minimum subtotal'),
  startsAt: when('The start'),
  endsAt: when('The end'),
  maxUses: z
    .number({ error: 'The use limit must be a number.' })
    .int({ error: 'The use limit must be a whole number.' })
    .min(1, { error: 'The use limit must be at least 1; leave it empty for no limit.' })
    .nullable(),
  active,
};

/** Body of POST /api/owner/coupons. */
export const CouponCreate = z.object({
  ...couponFields,
  amount: couponFields.amount.default(0),
  minSubtotalCents: couponFields.minSubtotalCents.default(0),
  startsAt: couponFields.startsAt.default(null),
  endsAt: couponFields.endsAt.default(null),
  maxUses: couponFields.maxUses.default(null),
  active: active.default(true),
});

/** Body of PATCH /api/owner/coupons/:id: the fields to change. */
export const CouponPatch = z.object(couponFields).partial();

/** A coupon as the owner sees it. */
export const Coupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  amount: z.number().int(),
  minSubtotalCents: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  timesUsed: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});

/** The site's coupons. */
export const CouponList = z.object({ coupons: z.array(Coupon) });

// ---- Shipping options ----------------------------------------------------------------------

const shippingFields = {
  name: name('shipping option'),
  priceCents: cents('The price'),
  freeOverCents: cents('The free-shipping threshold').describe('Free when the discounted subtotal reaches this; 0 for never'),
  countries: z
    .array(country, { error: 'countries must be a list of country codes.' })
    .max(250, { error: 'List at most 250 countries.' })
    .describe('Countries served; empty for everywhere'),
  displayIndex: z.number().int({ error: 'displayIndex must be a whole number.' }).min(0).max(10_000),
  active,
};

/** Body of POST /api/owner/shipping-options. */
export const ShippingOptionCreate = z.object({
  ...shippingFields,
  freeOverCents: shippingFields.freeOverCents.default(0),
  countries: shippingFields.countries.default([]),
  displayIndex: shippingFields.displayIndex.default(0),
  active: active.default(true),
});

/** Body of PATCH /api/owner/shipping-options/:id. */
export const ShippingOptionPatch = z.object(shippingFields).partial();

/** A shipping option as the owner sees it. */
export const ShippingOption = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  freeOverCents: z.number().int(),
  countries: z.array(z.string()),
  displayIndex: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});

/** The site's shipping options in display order. */
export const ShippingOptionList = z.object({ shippingOptions: z.array(ShippingOption) });

// ---- Tax rules -----------------------------------------------------------------------------

const taxFields = {
  name: name('tax rule'),
  country: z.union([z.literal(''), country]).describe('Two-letter country code; empty for everywhere'),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .max(100, { error: 'A region can have at most 100 characters.' })
    .describe('Region or state code within the country; empty for the whole country'),
  ratePercent: z
    .number({ error: SettingMessages.RATE_NOT_A_NUMBER })
    .min(0, { error: SettingMessages.RATE_OUT_OF_RANGE })
    .max(100, { error: SettingMessages.RATE_OUT_OF_RANGE })
    .refine(hasAtMostThreeDecimals, { error: SettingMessages.RATE_TOO_PRECISE })
    .describe('Percent with at most three decimals (8.875)'),
  appliesToShipping: z.boolean({ error: 'appliesToShipping must be true or false.' }),
  active,
};

/** Body of POST /api/owner/tax-rules. */
export const TaxRuleCreate = z.object({
  ...taxFields,
  country: taxFields.country.default(''),
  region: taxFields.region.default(''),
  appliesToShipping: taxFields.appliesToShipping.default(false),
  active: active.default(true),
});

/** Body of PATCH /api/owner/tax-rules/:id. */
export const TaxRulePatch = z.object(taxFields).partial();

/** A tax rule as the owner sees it. */
export const TaxRule = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string(),
  ratePercent: z.number().describe('Percent with at most three decimals (8.875)'),
  appliesToShipping: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
});

/** The site's tax rules. */
export const TaxRuleList = z.object({ taxRules: z.array(TaxRule) });
