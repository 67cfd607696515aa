import { PageEnd, PageQuery, z } from '../http/schemas.js';
import { ORDER_STATUSES } from './order-messages.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string()
    .regex(DAY, { error: `${name} must be a date like 2026-11-24.` })
    .refine((value) => isCalendarDay(value), { error: `${name} must be a date like 2026-11-24.` });

/** True for a day that exists (2026-02-28, not 2026-02-31, which Date would roll into March). */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Query of the owner's order list and CSV export. Days are whole UTC days, both ends included. */
export const OrderListQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  from: day('from').optional().describe('First day (UTC) of orders to show, e.g. 2026-11-01'),
  to: day('to').optional().describe('Last day (UTC) of orders to show, e.g. 2026-11-30'),
  q: z
    .string()
    .max(200, { error: 'The search can have at most 200 characters.' })
    .optional()
    .describe("An order number (1042 or #1042) or the start of the customer's email or name"),
});

/** Query of the CSV export: the list's filters without paging. */
export const OrderExportQuery = OrderListQuery.omit({ cursor: true, limit: true });

/** Route parameters naming an order. */
export const OrderParams = z.object({ orderId: z.string().describe('The order id') });

const cents = z.number().int();

/** One row of the owner's order list. */
export const OrderListItem = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  createdAt: z.string().describe('When the order was placed (ISO 8601)'),
  status: z.string(),
  testMode: z.boolean(),
  customerEmail: z.string(),
  customerName: z.string(),
  currency: z.string(),
  grandTotalCents: cents,
  refundedCents: cents,
  itemCount: z.number().int().describe('Units ordered'),
});

/** A page of the owner's order list, newest first. */
export const OrderPage = z.object({ orders: z.array(OrderListItem), ...PageEnd });

const address = z.record(z.string(), z.unknown()).nullable();

/** The owner's view of one order. Money is in minor units of `currency`. */
export const OrderDetail = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  testMode: z.boolean(),
  currency: z.string(),
  customer: z.object({ email: z.string(), name: z.string() }),
  shippingAddress: address,
  billingAddress: address,
  lines: z.array(
    z.object({
      itemId: z.string(),
      variantId: z.string().nullable(),
      sku: z.string().nullable(),
      productName: z.string(),
      variantOptions: z
        .array(z.object({ name: z.string(), value: z.string() }))
        .describe("The bought variant's options in the product's option order, as kept when the order was placed; empty for a product without options"),
      quantity: z.number().int(),
      unitPriceCents: cents,
      lineTotalCents: cents,
    }),
  ),
  totals: z.object({
    subtotalCents: cents,
    discountCents: cents,
    shippingCents: cents,
    taxCents: cents,
    grandTotalCents: cents,
    refundedCents: cents,
    refundableCents: cents.describe('What can still be refunded'),
  }),
  payment: z.object({
    provider: z.string().nullable(),
    brand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    amountCents: cents.nullable().describe('Charged to the payment method'),
    giftCardCents: cents,
    giftCardEnding: z.string().nullable(),
  }),
  shippingOption: z.record(z.string(), z.unknown()).nullable(),
  coupons: z.array(z.unknown()),
  taxLines: z.array(z.unknown()),
  fulfilment: z.object({ trackingNumber: z.string(), carrier: z.string(), fulfilledAt: z.string() }).nullable(),
  refunds: z.array(z.object({ id: z.string(), amountCents: cents, reason: z.string(), actor: z.string().nullable(), createdAt: z.string() })),
  timeline: z.array(
    z.object({
      kind: z.enum(['PLACED', 'FULFILLED', 'CANCELLED', 'REFUNDED', 'NOTE']),
      at: z.string(),
      message: z.string(),
      amountCents: cents.nullable(),
      actor: z.string().nullable().describe("The owner's email; null for the break-glass token"),
    }),
  ),
});

/** Body of POST .../fulfilment. */
export const FulfilBody = z.object({
  trackingNumber: z
    .string({ error: 'Enter a tracking number.' })
    .trim()
    .min(1, { error: 'Enter a tracking number.' })
    .max(100, { error: 'The tracking number can have at most 100 characters.' }),
  carrier: z.string().trim().max(100, { error: 'The carrier can have at most 100 characters.' }).default(''),
  notifyCustomer: z.boolean({ error: 'notifyCustomer must be true or false.' }).default(true).describe('Mail the customer the tracking number (default true)'),
});

/** Answer of POST .../fulfilment. */
export const FulfilResult = z.object({ order: OrderDetail, mailQueued: z.boolean().describe('Whether the shipping mail to the customer was queued') });

const reason = z.string().trim().max(500, { error: 'The reason can have at most 500 characters.' }).default('');

/** Body of POST .../cancel. */
export const CancelBody = z.object({ reason });

/** Body of POST .../refunds. */
export const RefundBody = z.object({
  amountCents: z
    .number({ error: 'The refund must be an amount in minor units (cents).' })
    .int({ error: 'The refund must be a whole number of minor units (cents).' })
    .positive({ error: 'The refund must be more than zero.' })
    .optional()
    .describe('Minor units to refund; absent refunds everything not yet refunded'),
  expectedRefundedCents: z
    .number({ error: 'expectedRefundedCents is required: the refunded total shown to you.' })
    .int()
    .nonnegative()
    .describe('The refunded total the owner saw; the refund is refused when it has changed since (guards against refunding twice)'),
  reason,
});

/** Body of POST .../notes. */
export const NoteBody = z.object({
  text: z.string({ error: 'Write a note.' }).trim().min(1, { error: 'Write a note.' }).max(2000, { error: 'A note can have at most 2000 characters.' }),
});

/** The CSV export. */
export const OrderCsv = z.string().describe('CSV file (UTF-8 with byte-order mark, first row is the header)');
