import { ORDER_EVENT_KINDS, REFUND_STATES } from '../db/schema-orders.js';
import { PAYMENT_STATUSES } from '../db/schema-payments.js';
import { z } from '../http/schemas.js';
import { FulfilResult, OrderDetail } from './schemas.js';

const cents = z.number().int();

/** One refund of an order: where it stands with the payment provider. */
export const OrderRefund = z.object({
  id: z.string(),
  amountCents: cents,
  reason: z.string(),
  actor: z.string().nullable(),
  createdAt: z.string(),
  state: z
    .enum(REFUND_STATES)
    .describe('pending: asked of the provider, not answered yet (retried automatically); succeeded: paid out; failed: refused, nothing paid out'),
  provider: z.string().nullable().describe('The provider that pays it out; null when no provider took money (a gift card paid the order)'),
  providerRefundId: z.string().nullable().describe("The provider's id of the refund, once it succeeded"),
  failureMessage: z.string().nullable().describe("The provider's reason, for a failed refund"),
  settledAt: z.string().nullable().describe('When the provider answered (ISO 8601)'),
});

/** The owner's view of one order, with each refund's provider state and the order's payment status. */
export const OrderDetailWithRefunds = OrderDetail.extend({
  paymentStatus: z.enum(PAYMENT_STATUSES).describe('The payment as its provider reported it'),
  totals: OrderDetail.shape.totals.extend({
    refundedCents: cents.describe('Refunds the provider paid out'),
    pendingRefundCents: cents.describe('Refunds asked of the provider and not answered yet'),
  }),
  refunds: z.array(OrderRefund),
  timeline: z.array(OrderDetail.shape.timeline.element.extend({ kind: z.enum(['PLACED', ...ORDER_EVENT_KINDS]) })),
});

/** Answer of POST .../fulfilment, with the order as {@link OrderDetailWithRefunds}. */
export const FulfilResultWithRefunds = FulfilResult.extend({ order: OrderDetailWithRefunds });
