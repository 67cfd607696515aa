import type { PaymentDifferenceKind, PaymentStatus } from '../../db/schema-payments.js';
import type { ProviderPaymentFacts } from '../payment-provider.js';

/** What our records say of one order's payment, as reconciliation compares it. */
export interface OurPayment {
  orderId: string;
  paymentStatus: PaymentStatus;
  provider: string;
  paymentRef: string;
  currency: string;
  /** Minor units checkout recorded the provider as taking; null when the record does not say. */
  capturedCents: number | null;
  /** Minor units of our refunds the provider confirmed. */
  refundedCents: number;
  /** True while one of our refunds waits for the provider's answer (its total is not settled yet). */
  refundPending: boolean;
}

/** One difference between our record and the provider's; values are statuses or minor units, as text. */
export interface FoundDifference {
  orderId: string;
  kind: PaymentDifferenceKind;
  provider: string;
  paymentRef: string;
  currency: string;
  ourValue: string;
  providerValue: string;
}

const TAKEN: ReadonlySet<PaymentStatus> = new Set(['paid', 'refunded', 'partially_refunded', 'disputed']);

/**
 * The differences between an order's payment and what its provider holds (`facts`, undefined
 * when the provider does not know the payment). An order we count as paid (refunds and disputes
 * included) needs a succeeded payment of the amount we recorded, the same refund total and the
 * same dispute state; an order we count as pending or failed must not have been paid. Refund
 * totals are left alone while one of our refunds is still on its way.
 */
export function differencesOf(ours: OurPayment, facts: ProviderPaymentFacts | undefined): FoundDifference[] {
  const found: FoundDifference[] = [];
  const add = (kind: PaymentDifferenceKind, ourValue: string, providerValue: string) =>
    found.push({ orderId: ours.orderId, kind, provider: ours.provider, paymentRef: ours.paymentRef, currency: ours.currency, ourValue, providerValue });
  const taken = TAKEN.has(ours.paymentStatus);
  if (!facts) {
    if (taken) add('missing', ours.paymentStatus, 'unknown');
    return found;
  }
  if (taken !== (facts.state === 'succeeded')) {
    add('status', ours.paymentStatus, facts.state);
    return found;
  }
  if (!taken) return found;
  const sameCurrency = facts.currency === ours.currency.toUpperCase();
  if (!sameCurrency || (ours.capturedCents !== null && ours.capturedCents !== facts.receivedCents)) {
    add(
      'amount',
      sameCurrency ? String(ours.capturedCents) : `${ours.capturedCents ?? '?'} ${ours.currency}`,
      sameCurrency ? String(facts.receivedCents) : `${facts.receivedCents} ${facts.currency}`,
    );
  }
  if (!ours.refundPending && ours.refundedCents !== facts.refundedCents) add('refunds', String(ours.refundedCents), String(facts.refundedCents));
  const disputed = ours.paymentStatus === 'disputed';
  if (disputed !== facts.disputed) add('dispute', disputed ? 'disputed' : 'not disputed', facts.disputed ? 'disputed' : 'not disputed');
  return found;
}
