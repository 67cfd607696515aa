/** The dashboard's overview call (server: overview/routes.ts). */
export const OVERVIEW_PATH = '/api/owner/overview';

/** A paid order still to be shipped. */
export interface OrderToFulfil {
  readonly id: string;
  readonly orderNumber: number;
  readonly createdAt: string;
  readonly ageSeconds: number;
  readonly testMode: boolean;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly currency: string;
  readonly grandTotalCents: number;
}

/** A limited variant with few units left. */
export interface LowStockVariant {
  readonly variantId: string;
  readonly productId: string;
  readonly productTitle: string;
  readonly sku: string;
  readonly optionValues: Readonly<Record<string, string>>;
  readonly qtyInStock: number;
}

/** The overview; a section is null when the owner's role may not read it. */
export interface Overview {
  readonly ordersToFulfil: { readonly count: number; readonly oldest: readonly OrderToFulfil[] } | null;
  readonly lowStock: { readonly threshold: number; readonly count: number; readonly variants: readonly LowStockVariant[] } | null;
  readonly today: {
    readonly date: string;
    readonly timeZone: string;
    readonly visitors: number;
    readonly pageViews: number;
    readonly orders: number;
    readonly salesCents: number;
    readonly currency: string;
  } | null;
}
