import type { Money } from '@emporium/commerce';

/**
 * A payment method kept with the provider for later charges (a subscription's renewals, a
 * recurring donation). Only references: the card itself stays with the provider.
 */
export interface SavedPaymentMethod {
  /** Id of the provider that holds it. */
  provider: string;
  /** The provider's customer (Stripe `cus_…`; the test provider's own reference). */
  customerRef: string;
  /** The provider's payment method (Stripe `pm_…`; the test provider's own reference). */
  methodRef: string;
  /** What the customer may be shown: brand and last four digits. */
  summary: { brand?: string; last4?: string };
}

/** What a provider is asked to authorize. */
export interface AuthorizationRequest {
  amount: Money;
  /** Provider-specific payment details from the checkout body (e.g. a card number). */
  details: Record<string, unknown>;
  /** Our reference for the order being placed. */
  orderId: string;
  /** Keep the method for later charges (subscriptions); the result then names it. */
  saveForLater?: boolean;
  /** The customer's email, for the provider's customer record when the method is kept. */
  email?: string;
}

/** Outcome of an authorization. */
export type AuthorizationResult =
  | { ok: true; authorizationId: string; summary: Record<string, unknown>; savedMethod?: SavedPaymentMethod }
  | { ok: false; message: string };

/** A charge of a saved method, made without the customer present (a renewal). */
export interface SavedChargeRequest {
  method: SavedPaymentMethod;
  amount: Money;
  /** Same key, same charge: a retried renewal never charges twice. */
  idempotencyKey: string;
  /** Our reference for the order the charge pays. */
  orderId: string;
}

/** Outcome of a saved-method charge: the provider's payment reference, or why it failed. */
export type SavedChargeResult = { ok: true; paymentRef: string; summary: Record<string, unknown> } | { ok: false; message: string };

/**
 * A payment method to keep for later charges without charging it now (a subscription's free
 * trial): the provider checks the card and keeps it.
 */
export interface SaveMethodRequest {
  /** Provider-specific payment details from the checkout body (e.g. a card number). */
  details: Record<string, unknown>;
  /** Our reference for the order being placed (also the provider's idempotency key). */
  orderId: string;
  /** The customer's email, for the provider's customer record. */
  email?: string;
}

/** Outcome of keeping a method: the method, or why the provider refused it. */
export type SaveMethodResult = { ok: true; savedMethod: SavedPaymentMethod; summary: Record<string, unknown> } | { ok: false; message: string };

/** A refund of part or all of a captured payment. */
export interface ProviderRefundRequest {
  /** The provider's reference of the captured payment (`payment.authorizationId` of the order). */
  paymentRef: string;
  amount: Money;
  /** Same key, same refund: a retried refund never pays out twice. */
  idempotencyKey: string;
}

/** Outcome of a refund: the provider's refund id, or the provider's reason for refusing. */
export type ProviderRefundResult = { ok: true; refundId: string } | { ok: false; message: string };

/** Where a payment stands with its provider: taken, still open, refused or cancelled. */
export type ProviderPaymentState = 'succeeded' | 'pending' | 'failed' | 'canceled';

/** What a provider holds for one payment now, in the currency's minor units. */
export interface ProviderPaymentFacts {
  state: ProviderPaymentState;
  /** Minor units asked for. */
  amountCents: number;
  /** Minor units the provider took (0 until it succeeded). */
  receivedCents: number;
  /** Minor units refunded so far, however the refunds were made (our dashboard or the provider's). */
  refundedCents: number;
  /** True when the customer disputed the payment with their bank. */
  disputed: boolean;
  /** ISO 4217, upper case. */
  currency: string;
}

/**
 * A payment provider. Checkout authorizes before the order transaction, captures after it
 * commits, and voids when the transaction fails, so no money is taken for an order that was
 * not written. Refunds and saved-method charges carry an idempotency key the provider honours.
 */
export interface PaymentProvider {
  /** Name used in the checkout body's `payment.provider`. */
  readonly id: string;
  /** True when the provider only accepts test payments. */
  readonly testMode: boolean;
  authorize(request: AuthorizationRequest): Promise<AuthorizationResult>;
  capture(authorizationId: string): Promise<void>;
  void(authorizationId: string): Promise<void>;
  /** Checks and keeps a method for later charges without charging it (free trials); never throws for a decline. */
  saveMethod?(request: SaveMethodRequest): Promise<SaveMethodResult>;
  /** Charges a saved method (renewals); never throws for a decline, only for a provider fault. */
  chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult>;
  /** Refunds part or all of a captured payment. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefundResult>;
  /**
   * Where one of its payments stands now (reconciliation), or undefined when the provider does
   * not know `paymentRef`. A provider without it cannot be reconciled.
   */
  lookup?(paymentRef: string): Promise<ProviderPaymentFacts | undefined>;
}
