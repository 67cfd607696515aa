/** Where the owner's customer calls live (the site's customer accounts). */
export const CUSTOMERS_PATH = '/api/owner/site-users';

/** One customer account as the list and the detail show it. */
export interface Customer {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly emailVerified: boolean;
  readonly locale: string | null;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
}

/** A page of the customer list. */
export interface CustomerPage {
  readonly customers: readonly Customer[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

/** One customer with their orders (a page of them, newest first) and subscriptions. */
export interface CustomerDetail {
  readonly customer: Customer;
  readonly orders: readonly {
    readonly id: string;
    readonly orderNumber: number;
    readonly createdAt: string;
    readonly status: string;
    readonly paymentStatus: string;
    readonly currency: string;
    readonly grandTotalCents: number;
  }[];
  readonly hasMoreOrders: boolean;
  readonly subscriptions: readonly {
    readonly id: string;
    readonly state: string;
    readonly firstOrderNumber: number;
    readonly currency: string;
    readonly amountCents: number;
    readonly productNames: readonly string[];
    readonly nextBillingAt: string | null;
  }[];
}

/** What an erasure answers: whether there was an account, and how many records of each kind changed. */
export interface ErasureAnswer {
  readonly erased: boolean;
  readonly counts: Readonly<Record<string, number>>;
}

/** The path of one customer's screen. */
export function customerScreenPath(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}
