import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.js';
import { AttemptKeys } from './attempt-keys.js';
import { nextStep, OrderPlacer, type PaymentStep } from './order-placer.js';
import type { PaidCheckoutRequest, PaidCheckoutResponse } from './payment-api.js';

const REQUEST: PaidCheckoutRequest = {
  email: 'ada@example.com',
  shippingAddress: null,
  shippingOptionId: null,
  couponCodes: [],
  giftCardCode: null,
  payment: null,
};
const PLACED: PaidCheckoutResponse = {
  order: { id: 'o1' },
  confirmationUrl: '/checkout/order-confirmed/o1',
  statusUrl: '/checkout/order-status/o1?token=t',
  orderReceivedUrl: '/checkout/order-received/o1?token=t',
};

/** A payment form that makes pm_1, pm_2… and records next actions. */
function fakeForm(): PaymentStep & { actions: string[] } {
  let n = 0;
  const actions: string[] = [];
  return {
    actions,
    createPaymentMethod: async () => ({ kind: 'created', paymentMethodId: `pm_${++n}` }),
    handleNextAction: async (secret) => {
      actions.push(secret);
    },
  };
}

function placer(answers: Array<PaidCheckoutResponse | Error>) {
  const sent: Array<{ body: PaidCheckoutRequest; key: string }> = [];
  const visited: string[] = [];
  let n = 0;
  const p = new OrderPlacer(
    async (body, key) => {
      sent.push({ body, key });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    (url) => visited.push(url),
    new AttemptKeys(() => `key-${++n}`),
  );
  return { p, sent, visited };
}

describe('nextStep', () => {
  it.each([
    ['succeeded', undefined, '/checkout/order-confirmed/o1', undefined],
    ['processing', undefined, '/checkout/order-received/o1?token=t', undefined],
    ['requires_action', 'pi_1_secret_2', '/checkout/order-received/o1?token=t', 'pi_1_secret_2'],
  ] as const)('payment %s goes to %s', (status, clientSecret, url, secret) => {
    const step = nextStep({ ...PLACED, payment: { status, ...(clientSecret ? { clientSecret } : {}) } });
    expect(step).toEqual(secret ? { url, clientSecret: secret } : { url });
  });

  it("the test provider's answer (no payment) goes to the confirmation page", () => {
    expect(nextStep(PLACED)).toEqual({ url: '/checkout/order-confirmed/o1' });
  });
});

describe('OrderPlacer', () => {
  it('a double click sends one checkout, with the Stripe payment method', async () => {
    const { p, sent, visited } = placer([{ ...PLACED, payment: { status: 'succeeded' } }]);
    const form = fakeForm();
    const [a, b] = await Promise.all([p.place(REQUEST, { form, email: REQUEST.email }), p.place(REQUEST, { form, email: REQUEST.email })]);
    expect(a).toEqual({ kind: 'placed' });
    expect(b).toEqual({ kind: 'placed' });
    expect(sent).toEqual([{ body: { ...REQUEST, payment: { provider: 'stripe', paymentMethod: 'pm_1' } }, key: 'key-1' }]);
    expect(visited).toEqual(['/checkout/order-confirmed/o1']);
    expect(await p.place(REQUEST, { form, email: REQUEST.email })).toEqual({ kind: 'placed' });
    expect(sent).toHaveLength(1);
  });

  it('lets Stripe.js finish a payment that needs the shopper, then goes to the order received page', async () => {
    const { p, visited } = placer([{ ...PLACED, payment: { status: 'requires_action', clientSecret: 'pi_1_secret_2' } }]);
    const form = fakeForm();
    await p.place(REQUEST, { form, email: REQUEST.email });
    expect(form.actions).toEqual(['pi_1_secret_2']);
    expect(visited).toEqual(['/checkout/order-received/o1?token=t']);
  });

  it('a retry after no answer reuses the key with a new payment method; after a decline the next press gets a new key', async () => {
    const { p, sent, visited } = placer([
      new ApiError(0, 'Failed to fetch', null),
      new ApiError(422, 'Your card was declined.', { message: 'Your card was declined.' }),
      { ...PLACED, payment: { status: 'processing' } },
    ]);
    const form = fakeForm();
    const first = await p.place(REQUEST, { form, email: REQUEST.email });
    expect(first.kind === 'failed' && first.failure.outcome).toBe('unknown');
    const second = await p.place(REQUEST, { form, email: REQUEST.email });
    expect(second).toMatchObject({ kind: 'failed', failure: { outcome: 'refused', message: 'Your card was declined.' } });
    await p.place(REQUEST, { form, email: REQUEST.email });
    expect(sent.map((s) => [s.key, s.body.payment])).toEqual([
      ['key-1', { provider: 'stripe', paymentMethod: 'pm_1' }],
      ['key-1', { provider: 'stripe', paymentMethod: 'pm_2' }],
      ['key-2', { provider: 'stripe', paymentMethod: 'pm_3' }],
    ]);
    expect(visited).toEqual(['/checkout/order-received/o1?token=t']);
  });

  it('sends nothing when the payment details are refused or the form is unavailable', async () => {
    const { p, sent } = placer([PLACED]);
    const refused: PaymentStep = {
      createPaymentMethod: async () => ({ kind: 'invalid', message: 'Your card number is incomplete.' }),
      handleNextAction: async () => {},
    };
    expect(await p.place(REQUEST, { form: refused, email: REQUEST.email })).toEqual({ kind: 'payment-invalid', message: 'Your card number is incomplete.' });
    const gone: PaymentStep = { createPaymentMethod: async () => ({ kind: 'unavailable' }), handleNextAction: async () => {} };
    expect(await p.place(REQUEST, { form: gone, email: REQUEST.email })).toEqual({ kind: 'payment-unavailable' });
    expect(sent).toEqual([]);
  });

  it('sends the test card as typed when there is no payment form', async () => {
    const { p, sent, visited } = placer([PLACED]);
    const body = { ...REQUEST, payment: { provider: 'test', cardNumber: '4242424242424242' } };
    await p.place(body);
    expect(sent).toEqual([{ body, key: 'key-1' }]);
    expect(visited).toEqual(['/checkout/order-confirmed/o1']);
  });
});
