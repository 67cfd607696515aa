/** Where the owner's restock calls live. */
export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

/** Sign-ups of one variant, counted. */
export interface SignUpGroup {
  readonly productId: string;
  readonly variantId: string;
  readonly productName: string;
  readonly sku: string;
  readonly pendingCount: number;
  readonly notifiedCount: number;
  readonly lastSignUpAt: string;
}

/** One sign-up. */
export interface SignUp {
  readonly id: string;
  readonly productId: string;
  readonly variantId: string;
  readonly email: string;
  readonly isJoinMailingList: boolean;
  readonly language: string | null;
  readonly createdAt: string;
  readonly notifiedAt: string | null;
  readonly productName: string;
  readonly sku: string;
}

/** One mail of the outbox. */
export interface OutboxMail {
  readonly id: string;
  readonly kind: string;
  readonly toAddress: string;
  readonly subject: string;
  readonly status: 'pending' | 'sending' | 'sent' | 'failed';
  readonly lastError: string | null;
  readonly createdAt: string;
}

export interface Paged {
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}
