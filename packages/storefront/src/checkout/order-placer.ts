import { AttemptKeys } from './attempt-keys.js';
import type { CheckoutFailure } from './checkout-failure.js';
import { checkoutFailure } from './checkout-failure.js';
import type { PaidCheckoutRequest, PaidCheckoutResponse } from './payment-api.js';
import type { PaymentMethodResult } from './stripe-payment-form.js';

/** The payment form a checkout pays through (Stripe's Payment Element). */
export interface PaymentStep {
  createPaymentMethod(billing: { readonly email: string }): Promise<PaymentMethodResult>;
  handleNextAction(clientSecret: string): Promise<void>;
}

/** How a press of Place order ended. */
export type PlaceOutcome =
  | { readonly kind: 'placed' }
  | { readonly kind: 'failed'; readonly failure: CheckoutFailure }
  | { readonly kind: 'payment-invalid'; readonly message: string }
  | { readonly kind: 'payment-unavailable' };

/** Where the browser goes after the checkout call answered, and the client secret of a payment that needs the shopper first. */
export interface NextStep {
  readonly url: string;
  readonly clientSecret?: string;
}

/**
 * Reads the checkout answer: a payment that needs the shopper (3-D Secure, a redirect) or is still
 * processing goes on to the order received page; a settled one (or the test provider's, which
 * names no payment) to the order confirmed page.
 */
export function nextStep(res: PaidCheckoutResponse): NextStep {
  const received = res.orderReceivedUrl ?? res.statusUrl ?? res.confirmationUrl;
  const status = res.payment?.status;
  if (status === 'requires_action') return res.payment?.clientSecret ? { url: received, clientSecret: res.payment.clientSecret } : { url: received };
  if (status === 'processing') return { url: received };
  return { url: res.confirmationUrl };
}

/** The request as its attempt key sees it: a Stripe PaymentMethod is made anew for each press, so its id is left out. */
function attemptShape(request: PaidCheckoutRequest): PaidCheckoutRequest {
  return request.payment?.provider === 'stripe' ? { ...request, payment: { provider: 'stripe', paymentMethod: '' } } : request;
}

/**
 * Places the order, once. A press while an attempt is in flight joins it, and one after the
 * order was placed answers `placed`, so a double click sends one checkout. Each attempt carries
 * an idempotency key from {@link AttemptKeys}: a retry after an unknown outcome reuses it (the
 * server answers with the first order), a changed request or one after a refusal gets a new one.
 */
export class OrderPlacer {
  private flight: Promise<PlaceOutcome> | null = null;
  private placed = false;

  constructor(
    private readonly send: (request: PaidCheckoutRequest, idempotencyKey: string) => Promise<PaidCheckoutResponse>,
    private readonly go: (url: string) => void,
    private readonly keys: AttemptKeys = new AttemptKeys(),
  ) {}

  /** True while an attempt is in flight or once the order is placed. */
  get busy(): boolean {
    return this.placed || this.flight !== null;
  }

  /** Pays through `payment` when given (the request's own payment otherwise), sends the checkout and follows its answer. */
  place(request: PaidCheckoutRequest, payment?: { readonly form: PaymentStep; readonly email: string }): Promise<PlaceOutcome> {
    if (this.placed) return Promise.resolve({ kind: 'placed' });
    if (this.flight) return this.flight;
    const flight = this.attempt(request, payment).finally(() => {
      this.flight = null;
    });
    this.flight = flight;
    return flight;
  }

  private async attempt(request: PaidCheckoutRequest, payment?: { readonly form: PaymentStep; readonly email: string }): Promise<PlaceOutcome> {
    let body = request;
    if (payment) {
      const method = await payment.form.createPaymentMethod({ email: payment.email });
      if (method.kind === 'invalid') return { kind: 'payment-invalid', message: method.message };
      if (method.kind === 'unavailable') return { kind: 'payment-unavailable' };
      body = { ...request, payment: { provider: 'stripe', paymentMethod: method.paymentMethodId } };
    }
    let res: PaidCheckoutResponse;
    try {
      res = await this.send(body, this.keys.keyFor(attemptShape(body)));
    } catch (err) {
      const failure = checkoutFailure(err);
      this.keys.settle(failure.outcome);
      return { kind: 'failed', failure };
    }
    this.keys.settle('placed');
    this.placed = true;
    const step = nextStep(res);
    if (step.clientSecret && payment) await payment.form.handleNextAction(step.clientSecret);
    this.go(step.url);
    return { kind: 'placed' };
  }
}
