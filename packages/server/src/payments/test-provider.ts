import { randomUUID } from 'node:crypto';
import type { AuthorizationRequest, AuthorizationResult, PaymentProvider } from './payment-provider.js';

/** Test card that is always approved. */
export const TEST_CARD_APPROVED = '4242424242424242';
/** Test card that is always declined. */
export const TEST_CARD_DECLINED = '4000000000000002';
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
 * declined, anything else is refused. It keeps its authorizations in memory so tests can see
 * captures and voids.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'test';
  readonly testMode = true;
  readonly authorizations = new Map<string, { state: TestAuthorizationState; amount: number; currency: string; orderId: string }>();
  /** Authorizations remembered at most (oldest forgotten first). */
  static readonly MEMORY = 10_000;

  async authorize(request: AuthorizationRequest): Promise<AuthorizationResult> {
    const digits = cardDigits(request.details.cardNumber);
    if (!digits) return { ok: false, message: CARD_NUMBER_INVALID_MESSAGE };
    if (digits === TEST_CARD_DECLINED) return { ok: false, message: CARD_DECLINED_MESSAGE };
    if (digits !== TEST_CARD_APPROVED) return { ok: false, message: TEST_CARD_ONLY_MESSAGE };
    const authorizationId = `test_${randomUUID().replace(/-/g, '')}`;
    if (this.authorizations.size >= TestPaymentProvider.MEMORY) {
      const oldest = this.authorizations.keys().next().value;
      if (oldest !== undefined) this.authorizations.delete(oldest);
    }
    this.authorizations.set(authorizationId, {
      state: 'authorized',
      amount: request.amount.value,
      currency: request.amount.currency,
      orderId: request.orderId,
    });
    return { ok: true, authorizationId, summary: { provider: this.id, cardLast4: digits.slice(-4), brand: 'visa' } };
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
