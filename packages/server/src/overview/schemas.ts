import { z } from '../http/schemas.js';

/** A paid order still waiting to be shipped. */
export const OrderToFulfil = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  createdAt: z.string().describe('When it was placed (ISO 8601)'),
  ageSeconds: z.number().int().describe('How long ago it was placed'),
  testMode: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string(),
  currency: z.string(),
  grandTotalCents: z.number().int(),
});

/** A limited variant with few units left. */
export const LowStockVariant = z.object({
  variantId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  sku: z.string(),
  optionValues: z.record(z.string(), z.string()),
  qtyInStock: z.number().int(),
});

/** The first screen of the dashboard: what needs the owner today. Sections the owner's role may not read are null. */
export const Overview = z.object({
  ordersToFulfil: z
    .object({ count: z.number().int(), oldest: z.array(OrderToFulfil).describe('The oldest first, at most 5') })
    .nullable()
    .describe("Paid orders not yet shipped; null without 'orders:read'"),
  lowStock: z
    .object({
      threshold: z.number().int().describe('Most units a variant may have to be counted'),
      count: z.number().int(),
      variants: z.array(LowStockVariant).describe('Fewest units first, at most 5'),
    })
    .nullable()
    .describe("Limited variants at or below the inventory's low-stock threshold; null without 'inventory:read'"),
  today: z
    .object({
      date: z.string().describe("Today in the site's time zone (YYYY-MM-DD)"),
      timeZone: z.string(),
      visitors: z.number().int(),
      pageViews: z.number().int(),
      orders: z.number().int().describe('Orders placed today and paid (fulfilled since included)'),
      salesCents: z.number().int().describe('Sum of their totals, in minor units of currency'),
      currency: z.string(),
    })
    .nullable()
    .describe("Today's visits and sales; null without 'reports:read'"),
});
