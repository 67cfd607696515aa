/**
 * What an order's provider took, as checkout recorded it in `order_checkout_details.payment`
 * (`provider`, `authorizationId`, `amount`). `provider` and `paymentRef` are null for an order
 * no provider took money for (a gift card paid it all).
 */
export interface ProviderPayment {
  provider: string | null;
  paymentRef: string | null;
  /** Minor units the provider captured; null when the record does not say. */
  capturedCents: number | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Reads the provider's part of an order's payment record. */
export function providerPaymentOf(payment: Record<string, unknown> | null | undefined): ProviderPayment {
  const amount = payment?.amount as { value?: unknown } | undefined;
  return {
    provider: text(payment?.provider),
    paymentRef: text(payment?.authorizationId),
    capturedCents: typeof amount?.value === 'number' ? amount.value : null,
  };
}

/** True when a provider took money for the order, so its refunds go through that provider. */
export function isPaidByProvider(payment: ProviderPayment): boolean {
  return payment.paymentRef !== null || (payment.capturedCents ?? 0) > 0;
}

/**
 * What the refunds of an order may give back in all: what its provider captured (never more
 * than the grand total), or the grand total when no provider took money.
 */
export function refundLimitCents(grandTotalCents: number, payment: ProviderPayment): number {
  if (!isPaidByProvider(payment)) return grandTotalCents;
  return Math.min(grandTotalCents, payment.capturedCents ?? grandTotalCents);
}
