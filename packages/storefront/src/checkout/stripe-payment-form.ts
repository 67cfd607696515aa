import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { CheckoutTexts } from './checkout-texts.js';

/** What the checkout page knows of the site's Stripe account: public values only. */
export interface StripeCheckoutConfig {
  readonly publishableKey: string;
  /** ISO 3166-1 alpha-2 country of the Stripe account. */
  readonly accountCountry: string;
  /** The keys are test keys: no real money moves. */
  readonly testMode: boolean;
}

/** Where the Payment Element stands. `empty` and `complete` are what the shopper has typed so far. */
export type PaymentFormState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly empty: boolean; readonly complete: boolean }
  | { readonly status: 'unavailable' };

/** How long Stripe.js may take to load before card payments are reported unavailable. */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;
/** How long the mounted Payment Element may take to say it is ready. */
export const PAYMENT_FORM_READY_TIMEOUT_MS = 10_000;

/** Options of {@link StripePaymentForm}. */
export interface PaymentFormOptions {
  /** The amount due, in the currency's minor units (more than zero). */
  readonly amount: number;
  /** ISO 4217 code, any case. */
  readonly currency: string;
  /** The payment method will be charged again later (subscriptions). */
  readonly savedForLater?: boolean;
  readonly loadTimeoutMs?: number;
  readonly readyTimeoutMs?: number;
}

/** What {@link StripePaymentForm.createPaymentMethod} made of the shopper's payment details. */
export type PaymentMethodResult =
  | { readonly kind: 'created'; readonly paymentMethodId: string }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'unavailable' };

const LOADING: PaymentFormState = Object.freeze({ status: 'loading' });
const UNAVAILABLE: PaymentFormState = Object.freeze({ status: 'unavailable' });

/** Rejects when `promise` has not settled after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Stripe's Payment Element on the checkout page, as a small store the island reads with
 * `useSyncExternalStore`. Stripe.js is loaded only when {@link mount} is first called (the
 * package's `pure` entry injects no script before that). A script that cannot load (refused,
 * blocked, slower than {@link STRIPE_LOAD_TIMEOUT_MS}) or an element that cannot mount leaves
 * the form `unavailable`; {@link retry} tries again.
 */
export class StripePaymentForm {
  private state: PaymentFormState = LOADING;
  private readonly listeners = new Set<() => void>();
  private stripe: Stripe | null = null;
  private elements: StripeElements | null = null;
  private element: StripePaymentElement | null = null;
  private container: HTMLElement | null = null;
  private amount: number;
  private typed = { empty: true, complete: false };
  /** Resolves true once the element is ready, false once it is unavailable. */
  private settled: Promise<boolean> = Promise.resolve(false);
  /** Bumped by every mount and unmount, so callbacks of an earlier one change nothing. */
  private run = 0;

  constructor(
    private readonly config: StripeCheckoutConfig,
    private readonly options: PaymentFormOptions,
  ) {
    this.amount = options.amount;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PaymentFormState => this.state;

  /** Loads Stripe.js and mounts the Payment Element in `container`; resolves whether it is ready. */
  mount(container: HTMLElement): Promise<boolean> {
    this.unmount();
    const run = ++this.run;
    this.container = container;
    this.set(LOADING);
    this.settled = this.start(container, run).then(
      () => {
        if (run !== this.run) return false;
        this.set({ status: 'ready', ...this.typed });
        return true;
      },
      () => {
        if (run === this.run) {
          this.teardown();
          this.set(UNAVAILABLE);
        }
        return false;
      },
    );
    return this.settled;
  }

  /** Mounts again in the last container, after the form was unavailable. */
  retry(): Promise<boolean> {
    return this.container ? this.mount(this.container) : Promise.resolve(false);
  }

  /** Removes the Payment Element; a load still in flight is forgotten. */
  unmount(): void {
    this.run += 1;
    this.teardown();
  }

  /** Keeps the element's amount equal to the cart's total (minor units; zero is ignored: nothing to pay). */
  setAmount(amount: number): void {
    if (!(amount > 0) || amount === this.amount) return;
    this.amount = amount;
    this.elements?.update({ amount });
  }

  /** Has the Payment Element show what is missing or wrong, without paying. */
  async showErrors(): Promise<void> {
    if (this.state.status === 'ready') await this.elements?.submit();
  }

  /**
   * Validates the Payment Element (`elements.submit()`, called first so wallets keep the
   * shopper's gesture) and turns it into a PaymentMethod for the checkout call. Waits for a
   * form still loading.
   */
  async createPaymentMethod(billing: { readonly email: string }): Promise<PaymentMethodResult> {
    if (this.state.status !== 'ready' && !(await this.settled)) return { kind: 'unavailable' };
    const { stripe, elements } = this;
    if (!stripe || !elements) return { kind: 'unavailable' };
    const checked = await elements.submit();
    if (checked.error) return { kind: 'invalid', message: checked.error.message ?? CheckoutTexts.PAYMENT_DETAILS_INCOMPLETE };
    const made = await stripe.createPaymentMethod({ elements, params: { billing_details: { email: billing.email } } });
    if (made.error || !made.paymentMethod) return { kind: 'invalid', message: made.error?.message ?? CheckoutTexts.PAYMENT_DETAILS_INCOMPLETE };
    return { kind: 'created', paymentMethodId: made.paymentMethod.id };
  }

  /**
   * Lets Stripe.js finish a payment that needs the shopper (3-D Secure, a redirect-based method).
   * Its outcome is not read here: the order received page asks the server, which hears it from Stripe.
   */
  async handleNextAction(clientSecret: string): Promise<void> {
    try {
      await this.stripe?.handleNextAction({ clientSecret });
    } catch {
      // The order received page reports the payment's outcome either way.
    }
  }

  private async start(container: HTMLElement, run: number): Promise<void> {
    const loadTimeout = this.options.loadTimeoutMs ?? STRIPE_LOAD_TIMEOUT_MS;
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const stripe = await within(loadStripe(this.config.publishableKey), loadTimeout, 'Stripe.js');
    if (!stripe) throw new Error('Stripe.js is not available here');
    if (run !== this.run) return;
    this.stripe = stripe;
    this.elements = stripe.elements({
      mode: 'payment',
      amount: this.amount,
      currency: this.options.currency.toLowerCase(),
      paymentMethodCreation: 'manual',
      ...(this.options.savedForLater ? { setupFutureUsage: 'off_session' as const } : {}),
    });
    const element = this.elements.create('payment', { fields: { billingDetails: { email: 'never' } } });
    this.element = element;
    const ready = new Promise<void>((resolve, reject) => {
      element.on('ready', () => resolve());
      element.on('loaderror', (event) => reject(new Error(event.error.message ?? 'The payment form did not load')));
    });
    element.on('change', (event) => {
      if (run !== this.run) return;
      this.typed = { empty: event.empty, complete: event.complete };
      if (this.state.status === 'ready') this.set({ status: 'ready', ...this.typed });
    });
    element.mount(container);
    await within(ready, this.options.readyTimeoutMs ?? PAYMENT_FORM_READY_TIMEOUT_MS, 'The payment form');
  }

  private teardown(): void {
    try {
      this.element?.destroy();
    } catch {
      // An element that never mounted has nothing to remove.
    }
    this.element = null;
    this.elements = null;
    this.typed = { empty: true, complete: false };
  }

  private set(next: PaymentFormState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
