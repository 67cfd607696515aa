import type { Stripe } from '@stripe/stripe-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRIPE_LOAD_TIMEOUT_MS, StripePaymentForm } from './stripe-payment-form.js';

const loadStripe = vi.hoisted(() => vi.fn());
/** The first call's answer is made here, outside the spy, whose bookkeeping would report a refused load as unhandled. */
const refusals = vi.hoisted(() => ({ next: false }));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (...args: unknown[]) => (refusals.next ? (loadStripe(...args), Promise.reject(new Error('Failed to load Stripe.js'))) : loadStripe(...args)),
}));

type Handler = (event: Record<string, unknown>) => void;

/** A small stand-in for Stripe.js: records calls, and lets a test fire the element's events. */
function fakeStripe(options: { submitError?: string; onMount?: 'ready' | 'loaderror' } = {}) {
  const calls: string[] = [];
  const handlers = new Map<string, Handler>();
  const element = {
    on: (name: string, handler: Handler) => {
      handlers.set(name, handler);
      return element;
    },
    mount: (container: unknown) => {
      calls.push(`mount:${String((container as { id: string }).id)}`);
      const event = options.onMount ?? 'ready';
      queueMicrotask(() => handlers.get(event)?.(event === 'loaderror' ? { error: { message: 'Invalid API key provided' } } : {}));
    },
    destroy: () => calls.push('destroy'),
  };
  const elements = {
    create: (type: string, createOptions: unknown) => {
      calls.push(`create:${type}:${JSON.stringify(createOptions)}`);
      return element;
    },
    update: (update: unknown) => calls.push(`update:${JSON.stringify(update)}`),
    submit: async () => {
      calls.push('submit');
      return options.submitError ? { error: { message: options.submitError } } : { selectedPaymentMethod: 'card' };
    },
  };
  const stripe = {
    elements: (elementsOptions: unknown) => {
      calls.push(`elements:${JSON.stringify(elementsOptions)}`);
      return elements;
    },
    createPaymentMethod: async (params: { elements: unknown; params: unknown }) => {
      calls.push(`createPaymentMethod:${params.elements === elements}:${JSON.stringify(params.params)}`);
      return { paymentMethod: { id: 'pm_123' } };
    },
    handleNextAction: async ({ clientSecret }: { clientSecret: string }) => {
      calls.push(`handleNextAction:${clientSecret}`);
      return {};
    },
  };
  return { stripe: stripe as unknown as Stripe, calls, fire: (name: string, event: Record<string, unknown> = {}) => handlers.get(name)?.(event) };
}

const CONFIG = { publishableKey: 'pk_test_123', accountCountry: 'US', testMode: true };
const container = { id: 'payment-box' } as unknown as HTMLElement;

describe('StripePaymentForm', () => {
  beforeEach(() => {
    loadStripe.mockReset();
    refusals.next = false;
  });
  afterEach(() => vi.useRealTimers());

  it('loads Stripe.js only when mounted, then mounts a payment element for the amount in lower-case currency', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    const form = new StripePaymentForm(CONFIG, { amount: 9498, currency: 'USD' });
    expect(loadStripe).not.toHaveBeenCalled();
    expect(form.getSnapshot()).toEqual({ status: 'loading' });
    expect(await form.mount(container)).toBe(true);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.calls).toEqual([
      'elements:{"mode":"payment","amount":9498,"currency":"usd","paymentMethodCreation":"manual"}',
      'create:payment:{"fields":{"billingDetails":{"email":"never"}}}',
      'mount:payment-box',
    ]);
    expect(form.getSnapshot()).toEqual({ status: 'ready', empty: true, complete: false });
  });

  it('asks to save the method for later charges on a subscription checkout', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    await new StripePaymentForm(CONFIG, { amount: 3200, currency: 'EUR', savedForLater: true }).mount(container);
    expect(fake.calls[0]).toBe('elements:{"mode":"payment","amount":3200,"currency":"eur","paymentMethodCreation":"manual","setupFutureUsage":"off_session"}');
  });

  it('keeps the amount in step with the cart total, and follows what the shopper typed', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
    const seen: unknown[] = [];
    form.subscribe(() => seen.push(form.getSnapshot()));
    await form.mount(container);
    form.setAmount(1000);
    form.setAmount(2750);
    form.setAmount(0);
    expect(fake.calls.filter((c) => c.startsWith('update'))).toEqual(['update:{"amount":2750}']);
    fake.fire('change', { empty: false, complete: true });
    expect(form.getSnapshot()).toEqual({ status: 'ready', empty: false, complete: true });
    expect(seen).toEqual([
      { status: 'ready', empty: true, complete: false },
      { status: 'ready', empty: false, complete: true },
    ]);
  });

  it('submits the elements before creating the payment method with the email', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
    await form.mount(container);
    expect(await form.createPaymentMethod({ email: 'ada@example.com' })).toEqual({ kind: 'created', paymentMethodId: 'pm_123' });
    expect(fake.calls.slice(-2)).toEqual(['submit', 'createPaymentMethod:true:{"billing_details":{"email":"ada@example.com"}}']);
    await form.handleNextAction('pi_secret_1');
    expect(fake.calls.at(-1)).toBe('handleNextAction:pi_secret_1');
  });

  it("answers Stripe's own message when the details are incomplete, and makes no payment method", async () => {
    const fake = fakeStripe({ submitError: 'Your card number is incomplete.' });
    loadStripe.mockResolvedValue(fake.stripe);
    const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
    await form.mount(container);
    expect(await form.createPaymentMethod({ email: 'ada@example.com' })).toEqual({ kind: 'invalid', message: 'Your card number is incomplete.' });
    expect(fake.calls.some((c) => c.startsWith('createPaymentMethod'))).toBe(false);
  });

  it('waits for a form still loading before paying', async () => {
    const fake = fakeStripe();
    let resolve: (stripe: Stripe) => void = () => {};
    loadStripe.mockReturnValue(new Promise((r) => (resolve = r)));
    const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
    void form.mount(container);
    const paying = form.createPaymentMethod({ email: 'ada@example.com' });
    resolve(fake.stripe);
    expect(await paying).toEqual({ kind: 'created', paymentMethodId: 'pm_123' });
  });

  const arrangements: Record<string, () => void> = {
    'the script is refused': () => {
      refusals.next = true;
    },
    'Stripe.js is absent (no window)': () => loadStripe.mockResolvedValue(null),
    'the element reports a load error': () => loadStripe.mockResolvedValue(fakeStripe({ onMount: 'loaderror' }).stripe),
  };
  for (const [name, arrange] of Object.entries(arrangements)) {
    it(`is unavailable when ${name}, and pays nothing`, async () => {
      arrange();
      const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
      expect(await form.mount(container)).toBe(false);
      expect(form.getSnapshot()).toEqual({ status: 'unavailable' });
      expect(await form.createPaymentMethod({ email: 'ada@example.com' })).toEqual({ kind: 'unavailable' });
    });
  }

  it(`is unavailable when Stripe.js has not loaded after ${STRIPE_LOAD_TIMEOUT_MS / 1000} s, and a retry can mount it`, async () => {
    vi.useFakeTimers();
    loadStripe.mockReturnValue(new Promise(() => {}));
    const form = new StripePaymentForm(CONFIG, { amount: 1000, currency: 'usd' });
    const mounted = form.mount(container);
    await vi.advanceTimersByTimeAsync(STRIPE_LOAD_TIMEOUT_MS - 1);
    expect(form.getSnapshot()).toEqual({ status: 'loading' });
    await vi.advanceTimersByTimeAsync(1);
    expect(await mounted).toBe(false);
    expect(form.getSnapshot()).toEqual({ status: 'unavailable' });
    vi.useRealTimers();
    loadStripe.mockResolvedValue(fakeStripe().stripe);
    expect(await form.retry()).toBe(true);
    expect(form.getSnapshot().status).toBe('ready');
  });
});
