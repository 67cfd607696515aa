import { randomUUID } from 'node:crypto';
import type {
  AuthorizationRequest,
  AuthorizationResult,
  PaymentProvider,
  ProviderPaymentFacts,
  ProviderRefundRequest,
  ProviderRefundResult,
  SavedChargeRequest,
  SavedChargeResult,
  SaveMethodRequest,
  SaveMethodResult,
} from './payment-provider.js';

/** Test card that is always approved. */
export const TEST_CARD_APPROVED = '4242424242424242';
/** Test card that is always declined. */
export const TEST_CARD_DECLINED = '4000000000000002';
/** Test card that pays at checkout and is kept, but every later charge of it is declined (Stripe's 0341). */
export const TEST_CARD_FAILS_LATER = '4000000000000341';
/** Message when a refund would pay back more than is left of the payment. */
export const REFUND_EXCEEDS_PAYMENT_MESSAGE = 'The refund is larger than what is left of the payment.';
/** Message for a declined card. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
/** Message for a card number that is not one of the test cards. */
export const TEST_CARD_ONLY_MESSAGE = 'This store is in test mode: use test card 4242 4242 4242 4242.';
/** Message for a missing or malformed card number. */
export const CARD_NUMBER_INVALID_MESSAGE = 'Please enter a valid card number.';

/** Digits of a card number typed with spaces or dashes, or null when it is not 12-19 digits. */
export function cardDigits(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** State of one authorization held by the test provider. */
export type TestAuthorizationState = 'authorized' | 'captured' | 'voided';

/**
 * The built-in test provider: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 0341 is approved but every later charge of it is declined, anything
 * else is refused. It keeps its payments in memory (so tests can see captures, voids and
 * refunds) and answers a repeated idempotency key with its first answer.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'test';
  readonly testMode = true;
  readonly authorizations = new Map<
    string,
    { state: TestAuthorizationState; amount: number; currency: string; orderId: string; refunded: number; disputed: boolean }
  >();
  /** Saved-method charges and refunds by idempotency key: the same key gives the same answer. */
  readonly byKey = new Map<string, SavedChargeResult | ProviderRefundResult>();
  /** Calls that reached the provider (not answered from `byKey`), for tests to count. */
  readonly calls = { chargeSaved: 0, refund: 0 };
  /** Authorizations remembered at most (oldest forgotten first). */
  static readonly MEMORY = 10_000;

  async authorize(request: AuthorizationRequest): Promise<AuthorizationResult> {
    const digits = cardDigits(request.details.cardNumber);
    if (!digits) return { ok: false, message: CARD_NUMBER_INVALID_MESSAGE };
    if (digits === TEST_CARD_DECLINED) return { ok: false, message: CARD_DECLINED_MESSAGE };
    if (digits !== TEST_CARD_APPROVED && digits !== TEST_CARD_FAILS_LATER) return { ok: false, message: TEST_CARD_ONLY_MESSAGE };
    const authorizationId = this.remember(request.amount.value, request.amount.currency, request.orderId, 'authorized');
    const last4 = digits.slice(-4);
    return {
      ok: true,
      authorizationId,
      summary: { provider: this.id, cardLast4: last4, brand: 'visa' },
      ...(request.saveForLater
        ? {
            savedMethod: {
              provider: this.id,
              customerRef: `testcus_${authorizationId.slice(5, 17)}`,
              methodRef: `testpm_${last4}`,
              summary: { brand: 'visa', last4 },
            },
          }
        : {}),
    };
  }

  /** Checks the card as {@link authorize} does and keeps it, charging nothing (a free trial). */
  async saveMethod(request: SaveMethodRequest): Promise<SaveMethodResult> {
    const digits = cardDigits(request.details.cardNumber);
    if (!digits) return { ok: false, message: CARD_NUMBER_INVALID_MESSAGE };
    if (digits === TEST_CARD_DECLINED) return { ok: false, message: CARD_DECLINED_MESSAGE };
    if (digits !== TEST_CARD_APPROVED && digits !== TEST_CARD_FAILS_LATER) return { ok: false, message: TEST_CARD_ONLY_MESSAGE };
    const last4 = digits.slice(-4);
    return {
      ok: true,
      summary: { provider: this.id, cardLast4: last4, brand: 'visa' },
      savedMethod: {
        provider: this.id,
        customerRef: `testcus_${request.orderId.slice(0, 12)}`,
        methodRef: `testpm_${last4}`,
        summary: { brand: 'visa', last4 },
      },
    };
  }

  async chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult> {
    const earlier = this.byKey.get(`charge:${request.idempotencyKey}`);
    if (earlier) return earlier as SavedChargeResult;
    this.calls.chargeSaved += 1;
    const last4 = request.method.methodRef.replace(/^testpm_/, '');
    const result: SavedChargeResult =
      request.method.methodRef === `testpm_${TEST_CARD_APPROVED.slice(-4)}`
        ? {
            ok: true,
            paymentRef: this.remember(request.amount.value, request.amount.currency, request.orderId, 'captured'),
            summary: { provider: this.id, cardLast4: last4, brand: 'visa' },
          }
        : { ok: false, message: CARD_DECLINED_MESSAGE };
    this.byKey.set(`charge:${request.idempotencyKey}`, result);
    return result;
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    const earlier = this.byKey.get(`refund:${request.idempotencyKey}`);
    if (earlier) return earlier as ProviderRefundResult;
    this.calls.refund += 1;
    const payment = this.authorizations.get(request.paymentRef);
    if (!payment || payment.state !== 'captured') return { ok: false, message: `No captured payment ${request.paymentRef}.` };
    if (request.amount.currency !== payment.currency || payment.refunded + request.amount.value > payment.amount) {
      return { ok: false, message: REFUND_EXCEEDS_PAYMENT_MESSAGE };
    }
    payment.refunded += request.amount.value;
    const result: ProviderRefundResult = { ok: true, refundId: `testre_${randomUUID().replace(/-/g, '')}` };
    this.byKey.set(`refund:${request.idempotencyKey}`, result);
    return result;
  }

  private remember(amount: number, currency: string, orderId: string, state: TestAuthorizationState): string {
    const id = `test_${randomUUID().replace(/-/g, '')}`;
    if (this.authorizations.size >= TestPaymentProvider.MEMORY) {
      const oldest = this.authorizations.keys().next().value;
      if (oldest !== undefined) this.authorizations.delete(oldest);
    }
    this.authorizations.set(id, { state, amount, currency, orderId, refunded: 0, disputed: false });
    return id;
  }

  /** What it holds for a payment: captured is succeeded, authorized pending, voided cancelled; undefined when it never took it (or forgot it). */
  async lookup(paymentRef: string): Promise<ProviderPaymentFacts | undefined> {
    const payment = this.authorizations.get(paymentRef);
    if (!payment) return undefined;
    const state = payment.state === 'captured' ? 'succeeded' : payment.state === 'authorized' ? 'pending' : 'canceled';
    return {
      state,
      amountCents: payment.amount,
      receivedCents: state === 'succeeded' ? payment.amount : 0,
      refundedCents: payment.refunded,
      disputed: payment.disputed,
      currency: payment.currency.toUpperCase(),
    };
  }

  /** The cardholder disputes a captured payment with their bank (as Stripe's test card 0259 does). */
  dispute(paymentRef: string): void {
    const payment = this.authorizations.get(paymentRef);
    if (!payment || payment.state !== 'captured') throw new Error(`No captured payment ${paymentRef} to dispute.`);
    payment.disputed = true;
  }

  async capture(authorizationId: string): Promise<void> {
    const auth = this.authorizations.get(authorizationId);
    if (!auth || auth.state !== 'authorized') throw new Error(`Cannot capture ${authorizationId}`);
    auth.state = 'captured';
  }

  async void(authorizationId: string): Promise<void> {
    const auth = this.authorizations.get(authorizationId);
    if (auth && auth.state === 'authorized') auth.state = 'voided';
  }
}
