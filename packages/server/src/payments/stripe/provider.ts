import type Stripe from 'stripe';
import type {
  AuthorizationRequest,
  AuthorizationResult,
  PaymentProvider,
  ProviderPaymentFacts,
  ProviderPaymentState,
  ProviderRefundRequest,
  ProviderRefundResult,
  SavedChargeRequest,
  SavedChargeResult,
  SaveMethodRequest,
  SaveMethodResult,
} from '../payment-provider.js';
import type { StripeAccount } from './account.js';
import { STRIPE_SPECIAL_CURRENCIES, stripeAmount, stripeClient } from './client.js';
import { StripeMessages } from './messages.js';

/** Where a PaymentIntent stands, in the words checkout uses. */
export type IntentStatus = 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled';

/** A PaymentIntent as checkout sees it. */
export interface IntentOutcome {
  intentId: string;
  status: IntentStatus;
  /** For Stripe.js to finish a next action in the browser (3-D Secure, a redirect). */
  clientSecret: string;
  amount: number;
  currency: string;
  /** Why it failed, in the provider's words, shown to the shopper. */
  failureMessage?: string;
  /** Card brand and last four, when known. */
  summary: Record<string, unknown>;
}

/** What a checkout attempt asks Stripe for. */
export interface IntentRequest {
  amount: { value: number; currency: string };
  paymentMethod: string;
  /** Absolute URL of the order-received page (207): where redirect-based methods return. */
  returnUrl: string;
  /** One per checkout attempt: a retried or doubled submit gets the same PaymentIntent. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  email?: string;
}

function statusOf(intent: Stripe.PaymentIntent): IntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

function outcomeOf(intent: Stripe.PaymentIntent): IntentOutcome {
  const card = typeof intent.payment_method === 'object' && intent.payment_method?.card ? intent.payment_method.card : undefined;
  const failure = intent.last_payment_error?.message;
  return {
    intentId: intent.id,
    status: statusOf(intent),
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    ...(failure && statusOf(intent) === 'failed' ? { failureMessage: failure } : {}),
    summary: { provider: 'stripe', intentId: intent.id, ...(card ? { brand: card.brand, cardLast4: card.last4 } : {}) },
  };
}

function stateOf(intent: Stripe.PaymentIntent): ProviderPaymentState {
  switch (statusOf(intent)) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

function isMissing(error: unknown): boolean {
  return isRequestRefusal(error) && (error as { code?: string }).code === 'resource_missing';
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return typeof error === 'object' && error !== null && (error as { type?: string }).type === 'StripeCardError';
}

function isRequestRefusal(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return typeof error === 'object' && error !== null && (error as { type?: string }).type === 'StripeInvalidRequestError';
}

/**
 * A site's Stripe account as a payment provider, through the official `stripe` package.
 * Checkout's attempts use PaymentIntents confirmed on the server with the PaymentMethod made by
 * the Payment Element ({@link confirmIntent}); 3-D Secure and redirect methods finish in the
 * browser and are settled by webhooks. The immediate flow of {@link PaymentProvider} (used by
 * subscription checkout) confirms without redirects; renewals charge the saved method off
 * session; refunds go to the PaymentIntent. Every call that moves money has an idempotency key.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe';
  readonly testMode: boolean;
  readonly publishableKey: string;
  /** The site's webhook signing secret: checks that an event came from Stripe. */
  readonly webhookSecret: string;
  readonly api: Stripe;

  constructor(account: StripeAccount, apiUrl?: string) {
    this.testMode = account.testMode;
    this.publishableKey = account.publishableKey;
    this.webhookSecret = account.webhookSecret;
    this.api = stripeClient(account.secretKey, apiUrl);
  }

  /** Refuses currencies Stripe counts differently (never charges a wrong amount). */
  static assertCurrency(currency: string): void {
    if (STRIPE_SPECIAL_CURRENCIES.has(currency.toUpperCase())) throw new Error(StripeMessages.currencyUnsupported(currency));
  }

  /** Creates and confirms the attempt's PaymentIntent (the same one again for the same key). */
  async confirmIntent(request: IntentRequest): Promise<IntentOutcome> {
    StripePaymentProvider.assertCurrency(request.amount.currency);
    try {
      const intent = await this.api.paymentIntents.create(
        {
          ...stripeAmount(request.amount),
          payment_method: request.paymentMethod,
          confirm: true,
          return_url: request.returnUrl,
          automatic_payment_methods: { enabled: true },
          metadata: request.metadata,
          ...(request.email ? { receipt_email: request.email } : {}),
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      const intent = isCardError(error) ? (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent : undefined;
      if (isCardError(error)) {
        return {
          intentId: intent?.id ?? '',
          status: 'failed',
          clientSecret: '',
          amount: request.amount.value,
          currency: request.amount.currency,
          failureMessage: error.message,
          summary: { provider: 'stripe', ...(intent ? { intentId: intent.id } : {}) },
        };
      }
      throw error;
    }
  }

  /** The PaymentIntent as it stands now. */
  async intent(intentId: string): Promise<IntentOutcome> {
    return outcomeOf(await this.api.paymentIntents.retrieve(intentId, { expand: ['payment_method'] }));
  }

  /**
   * Where a PaymentIntent stands for reconciliation: its state and amount received, and from its
   * latest charge the refunds (made anywhere, Stripe's dashboard included) and whether it is disputed.
   */
  async lookup(paymentRef: string): Promise<ProviderPaymentFacts | undefined> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.api.paymentIntents.retrieve(paymentRef);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const chargeRef = intent.latest_charge;
    const charge = typeof chargeRef === 'string' ? await this.api.charges.retrieve(chargeRef) : (chargeRef ?? undefined);
    const state = stateOf(intent);
    return {
      state,
      amountCents: intent.amount,
      receivedCents: intent.amount_received,
      refundedCents: state === 'succeeded' && charge ? charge.amount_refunded : 0,
      disputed: charge?.disputed ?? false,
      currency: intent.currency.toUpperCase(),
    };
  }

  /** Cancels a PaymentIntent that has not succeeded; answers where it ended. */
  async cancelIntent(intentId: string): Promise<IntentOutcome> {
    try {
      return outcomeOf(await this.api.paymentIntents.cancel(intentId));
    } catch (error) {
      if (isRequestRefusal(error)) return this.intent(intentId);
      throw error;
    }
  }

  async authorize(request: AuthorizationRequest): Promise<AuthorizationResult> {
    const paymentMethod = request.details.paymentMethod;
    if (typeof paymentMethod !== 'string' || !/^pm_[A-Za-z0-9_]+$/.test(paymentMethod)) return { ok: false, message: StripeMessages.PAYMENT_METHOD_REQUIRED };
    StripePaymentProvider.assertCurrency(request.amount.currency);
    const customer = request.saveForLater
      ? await this.api.customers.create({ ...(request.email ? { email: request.email } : {}) }, { idempotencyKey: `customer:${request.orderId}` })
      : undefined;
    try {
      const intent = await this.api.paymentIntents.create(
        {
          ...stripeAmount(request.amount),
          payment_method: paymentMethod,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId: request.orderId },
          ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          expand: ['payment_method'],
        },
        { idempotencyKey: `authorize:${request.orderId}` },
      );
      const outcome = outcomeOf(intent);
      if (outcome.status === 'requires_action') {
        await this.cancelIntent(intent.id);
        return { ok: false, message: StripeMessages.AUTHENTICATION_NOT_POSSIBLE };
      }
      if (outcome.status !== 'succeeded') return { ok: false, message: outcome.failureMessage ?? StripeMessages.UNAVAILABLE };
      const card = outcome.summary as { brand?: string; cardLast4?: string };
      return {
        ok: true,
        authorizationId: intent.id,
        summary: outcome.summary,
        ...(customer
          ? {
              savedMethod: {
                provider: this.id,
                customerRef: customer.id,
                methodRef: paymentMethod,
                summary: { ...(card.brand ? { brand: card.brand } : {}), ...(card.cardLast4 ? { last4: card.cardLast4 } : {}) },
              },
            }
          : {}),
      };
    } catch (error) {
      if (isCardError(error)) return { ok: false, message: error.message };
      throw error;
    }
  }

  /** Stripe captures at confirmation: nothing is left to capture. */
  async capture(): Promise<void> {}

  /** The payment was taken at confirmation, so voiding refunds it in full (once, whatever the retries). */
  async void(authorizationId: string): Promise<void> {
    await this.api.refunds.create({ payment_intent: authorizationId }, { idempotencyKey: `void:${authorizationId}` });
  }

  /**
   * Keeps a card for later off-session charges without charging it, as Stripe recommends for
   * free trials: a customer and a SetupIntent confirmed on the server with `usage: off_session`
   * (Stripe checks the card with its bank). Both carry keys of the order, so a retry keeps the
   * same card once. Like {@link authorize}, it cannot finish 3-D Secure in the browser: a card
   * that asks for it is refused with a clear message and the SetupIntent cancelled.
   */
  async saveMethod(request: SaveMethodRequest): Promise<SaveMethodResult> {
    const paymentMethod = request.details.paymentMethod;
    if (typeof paymentMethod !== 'string' || !/^pm_[A-Za-z0-9_]+$/.test(paymentMethod)) return { ok: false, message: StripeMessages.PAYMENT_METHOD_REQUIRED };
    const customer = await this.api.customers.create({ ...(request.email ? { email: request.email } : {}) }, { idempotencyKey: `customer:${request.orderId}` });
    try {
      const setup = await this.api.setupIntents.create(
        {
          customer: customer.id,
          payment_method: paymentMethod,
          confirm: true,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId: request.orderId },
          expand: ['payment_method'],
        },
        { idempotencyKey: `setup:${request.orderId}` },
      );
      if (setup.status === 'requires_action') {
        await this.api.setupIntents.cancel(setup.id).catch(() => undefined);
        return { ok: false, message: StripeMessages.AUTHENTICATION_NOT_POSSIBLE };
      }
      if (setup.status !== 'succeeded') return { ok: false, message: setup.last_setup_error?.message ?? StripeMessages.UNAVAILABLE };
      const card = typeof setup.payment_method === 'object' && setup.payment_method?.card ? setup.payment_method.card : undefined;
      const summary = { ...(card ? { brand: card.brand, last4: card.last4 } : {}) };
      return {
        ok: true,
        summary: { provider: this.id, setupIntentId: setup.id, ...(card ? { brand: card.brand, cardLast4: card.last4 } : {}) },
        savedMethod: { provider: this.id, customerRef: customer.id, methodRef: paymentMethod, summary },
      };
    } catch (error) {
      if (isCardError(error)) return { ok: false, message: error.message };
      throw error;
    }
  }

  async chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult> {
    StripePaymentProvider.assertCurrency(request.amount.currency);
    try {
      const intent = await this.api.paymentIntents.create(
        {
          ...stripeAmount(request.amount),
          customer: request.method.customerRef,
          payment_method: request.method.methodRef,
          off_session: true,
          confirm: true,
          metadata: { orderId: request.orderId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== 'succeeded') return { ok: false, message: intent.last_payment_error?.message ?? StripeMessages.AUTHENTICATION_NOT_POSSIBLE };
      return { ok: true, paymentRef: intent.id, summary: { provider: this.id, intentId: intent.id, ...request.method.summary } };
    } catch (error) {
      if (isCardError(error)) return { ok: false, message: error.message };
      throw error;
    }
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    try {
      const refund = await this.api.refunds.create(
        { payment_intent: request.paymentRef, amount: stripeAmount(request.amount).amount },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        return { ok: false, message: refund.failure_reason ?? `Stripe could not refund (${refund.status}).` };
      return { ok: true, refundId: refund.id };
    } catch (error) {
      if (isRequestRefusal(error)) return { ok: false, message: error.message };
      throw error;
    }
  }
}
