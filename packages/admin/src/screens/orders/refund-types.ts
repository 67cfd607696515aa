import type { OrderDetail } from './order-types.js';

/** Where a refund stands with the payment provider. */
export type RefundState = 'pending' | 'succeeded' | 'failed';

/** One refund of an order, as the server answers it. */
export interface OrderRefund {
  readonly id: string;
  readonly amountCents: number;
  readonly reason: string;
  readonly actor: string | null;
  readonly createdAt: string;
  readonly state: RefundState;
  /** The provider paying it out; null when a gift card paid the order. */
  readonly provider: string | null;
  readonly providerRefundId: string | null;
  /** The provider's reason, for a failed refund. */
  readonly failureMessage: string | null;
  readonly settledAt: string | null;
}

/** One order in full, with its payment status and each refund's provider state. */
export interface RefundedOrderDetail extends Omit<OrderDetail, 'totals'> {
  readonly paymentStatus: string;
  readonly totals: OrderDetail['totals'] & {
    /** Refunds asked of the provider that it has not answered yet. */
    readonly pendingRefundCents: number;
  };
  readonly refunds: readonly OrderRefund[];
}

const REFUND_STATE_LABELS: Readonly<Record<RefundState, string>> = {
  pending: 'Pending with the provider',
  succeeded: 'Refunded',
  failed: 'Refused by the provider',
};

/** The label of a refund's state. */
export function refundStateLabel(state: RefundState): string {
  return REFUND_STATE_LABELS[state] ?? state;
}

const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'awaiting payment',
  paid: 'paid',
  failed: 'payment failed',
  partially_refunded: 'partially refunded',
  refunded: 'refunded',
  disputed: 'disputed',
};

/** The label of an order's payment status, as the provider reported it. */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

/** What the owner is told after a refund was sent, by the state the server answered. */
export function refundNotice(state: RefundState | undefined): string {
  return state === 'pending'
    ? 'The payment provider has not answered yet. The refund is pending and is retried automatically; it never pays out twice.'
    : 'Refunded.';
}
