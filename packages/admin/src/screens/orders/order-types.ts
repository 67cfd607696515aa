/** Where the owner's order calls live. */
export const ORDERS_PATH = '/api/owner/orders';

/** Order states, as the server names them, with their labels. */
export const ORDER_STATUSES = [
  { value: 'PENDING', label: 'Awaiting payment' },
  { value: 'PAID', label: 'Paid' },
  { value: 'PAYMENT_FAILED', label: 'Payment failed' },
  { value: 'FULFILLED', label: 'Fulfilled' },
  { value: 'CANCELLED', label: 'Cancelled' },
] as const;

/** The label of an order state. */
export function statusLabel(status: string): string {
  return ORDER_STATUSES.find((candidate) => candidate.value === status)?.label ?? status;
}

/** One row of the order list. */
export interface OrderListItem {
  readonly id: string;
  readonly orderNumber: number;
  readonly createdAt: string;
  readonly status: string;
  readonly testMode: boolean;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly currency: string;
  readonly grandTotalCents: number;
  readonly refundedCents: number;
  readonly itemCount: number;
}

/** One option of the variant an order line bought: `{ name: 'Size', value: 'M' }`. */
export interface VariantOption {
  readonly name: string;
  readonly value: string;
}

/** The options of an order line as the order shows them: 'Colour: Sage, Size: M' ('' for none). */
export function variantOptionsText(options: readonly VariantOption[]): string {
  return options.map((option) => `${option.name}: ${option.value}`).join(', ');
}

/** One order in full. */
export interface OrderDetail {
  readonly id: string;
  readonly orderNumber: number;
  readonly createdAt: string;
  readonly status: string;
  readonly testMode: boolean;
  readonly currency: string;
  readonly customer: { readonly email: string; readonly name: string };
  readonly shippingAddress: Readonly<Record<string, unknown>> | null;
  readonly billingAddress: Readonly<Record<string, unknown>> | null;
  readonly lines: readonly {
    readonly itemId: string;
    readonly sku: string | null;
    readonly productName: string;
    /** The bought variant's options, in the product's option order. */
    readonly variantOptions: readonly VariantOption[];
    readonly quantity: number;
    readonly unitPriceCents: number;
    readonly lineTotalCents: number;
  }[];
  readonly totals: {
    readonly subtotalCents: number;
    readonly discountCents: number;
    readonly shippingCents: number;
    readonly taxCents: number;
    readonly grandTotalCents: number;
    readonly refundedCents: number;
    readonly refundableCents: number;
  };
  readonly payment: { readonly provider: string | null; readonly brand: string | null; readonly cardLast4: string | null; readonly giftCardCents: number };
  readonly fulfilment: { readonly trackingNumber: string; readonly carrier: string; readonly fulfilledAt: string } | null;
  readonly timeline: readonly {
    readonly kind: string;
    readonly at: string;
    readonly message: string;
    readonly amountCents: number | null;
    readonly actor: string | null;
  }[];
}
