import type { Money } from '@emporium/commerce';

/** What a provider is asked to authorize. */
export interface AuthorizationRequest {
  amount: Money;
  /** Provider-specific payment details from the checkout body (e.g. a card number). */
  details: Record<string, unknown>;
  /** Our reference for the order being placed. */
  orderId: string;
}

/** Outcome of an authorization. */
export type AuthorizationResult = { ok: true; authorizationId: string; summary: Record<string, unknown> } | { ok: false; message: string };

/**
 * A payment provider. Checkout authorizes before the order transaction, captures after it
 * commits, and voids when the transaction fails, so no money is taken for an order that was
 * not written.
 */
export interface PaymentProvider {
  /** Name used in the checkout body's `payment.provider`. */
  readonly id: string;
  /** True when the provider only accepts test payments. */
  readonly testMode: boolean;
  authorize(request: AuthorizationRequest): Promise<AuthorizationResult>;
  capture(authorizationId: string): Promise<void>;
  void(authorizationId: string): Promise<void>;
}
