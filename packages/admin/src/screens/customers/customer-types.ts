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

/** One customer as the list shows it, with the owner's tags. */
export interface ListedCustomer extends Customer {
  readonly tags: readonly string[];
}

/** A page of the customer list. */
export interface CustomerPage {
  readonly customers: readonly ListedCustomer[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

/** One customer with their orders (a page of them, newest first) and subscriptions. */
export interface CustomerDetail {
  readonly customer: Customer;
  readonly tags: readonly string[];
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

/** Limits of notes and tags (packages/server/src/site-users/customer-notes-messages.ts). */
export const NOTE_MAX_LENGTH = 2000;
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;

/** An owner's note on a customer (never shown to the customer). */
export interface CustomerNote {
  readonly id: string;
  readonly body: string;
  readonly authorEmail: string | null;
  readonly createdAt: string;
}

/** How a membership was gained. */
export type MembershipSource = 'order' | 'free' | 'owner';

/** One membership of a customer (packages/server/src/member-areas/customer-membership-routes.ts). */
export interface CustomerMembership {
  readonly id: string;
  readonly areaId: string;
  readonly areaName: string;
  readonly source: MembershipSource;
  readonly orderNumber: number | null;
  readonly subscriptionId: string | null;
  readonly active: boolean;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly renewsAt: string | null;
}

/** The call paths of one customer. */
export function customerPaths(siteUserId: string) {
  const one = `${CUSTOMERS_PATH}/${encodeURIComponent(siteUserId)}`;
  return {
    one,
    notes: `${one}/notes`,
    note: (id: string) => `${one}/notes/${encodeURIComponent(id)}`,
    tags: `${one}/tags`,
    tag: (tag: string) => `${one}/tags/${encodeURIComponent(tag)}`,
    memberships: `${one}/memberships`,
    membership: (areaId: string) => `${one}/memberships/${encodeURIComponent(areaId)}`,
  };
}

/** The path of one customer's screen. */
export function customerScreenPath(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}
