import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeEmulator, type StripeEvent, startStripeEmulator } from '../../test-support/stripe-emulator.js';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  stripe = emulator.client();
});

afterAll(async () => {
  await emulator.stop();
});

/** The types of the events recorded about one object, oldest first. */
function eventTypesFor(id: string): string[] {
  return emulator
    .events()
    .filter((event) => event.data.object.id === id || event.data.object.payment_intent === id)
    .map((event) => event.type);
}

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the Stripe call to fail');
}

async function succeededIntent(amount: number): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, return_url: 'http://shop.test/done' });
}

async function authenticate(intent: Stripe.PaymentIntent, outcome: 'succeed' | 'fail', redirect = false): Promise<Response> {
  const url = intent.next_action?.redirect_to_url?.url;
  if (!url) throw new Error('expected a redirect_to_url next action');
  const body = new URLSearchParams({ outcome, ...(redirect ? { redirect: 'true' } : {}) });
  return fetch(url, { method: 'POST', body, redirect: 'manual' });
}

describe('Stripe emulator: PaymentIntents', () => {
  it('creates one PaymentIntent for two requests with the same idempotency key, and refuses the key with other params', async () => {
    const params = { amount: 2500, currency: 'eur', metadata: { order: 'o-1' }, description: 'Order o-1' };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o-1' });
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o-1' });

    expect(first).toMatchObject({ object: 'payment_intent', amount: 2500, currency: 'eur', status: 'requires_payment_method', metadata: { order: 'o-1' } });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(eventTypesFor(first.id)).toEqual(['payment_intent.created']);

    const refused = await rejection(stripe.paymentIntents.create({ ...params, amount: 2600 }, { idempotencyKey: 'order-o-1' }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('confirms with pm_card_visa: succeeded, a real charge, and created → charge.succeeded → succeeded events', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd', allowed_payment_method_types: ['card'] });
    const intent = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });

    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: 1999,
      allowed_payment_method_types: ['card'],
      automatic_payment_methods: null,
      last_payment_error: null,
      next_action: null,
    });
    expect(intent.payment_method).toMatch(/^pm_/);
    expect(intent.payment_method).not.toBe('pm_card_visa');
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount: 1999, status: 'succeeded', payment_intent: intent.id, payment_method: intent.payment_method });
    const method = await stripe.paymentMethods.retrieve(String(intent.payment_method));
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' }, customer: null });
    expect(eventTypesFor(intent.id)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
  });

  it('declines pm_card_chargeDeclined with a 402 card error; the PaymentIntent waits for another method', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    const error = await rejection(stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_chargeDeclined' }));

    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(error.payment_intent).toMatchObject({ id: created.id, status: 'requires_payment_method' });
    const intent = await stripe.paymentIntents.retrieve(created.id);
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null, amount_received: 0 });
    expect(intent.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(eventTypesFor(created.id)).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);

    const retried = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(retried).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });

  it('asks for 3-D Secure with pm_card_threeDSecure2Required, then succeeds when the customer authenticates', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 4200,
      currency: 'usd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
      return_url: 'http://shop.test/return?order=o-3',
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: { url: `${emulator.url}/_emulator/authenticate/${intent.id}`, return_url: 'http://shop.test/return?order=o-3' },
    });
    expect(eventTypesFor(intent.id)).toEqual(['payment_intent.created', 'payment_intent.requires_action']);

    const page = await fetch(String(intent.next_action?.redirect_to_url?.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="outcome" value="succeed"');

    const redirected = await authenticate(intent, 'succeed', true);
    expect(redirected.status).toBe(303);
    const target = new URL(String(redirected.headers.get('location')));
    expect(target.origin + target.pathname).toBe('http://shop.test/return');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      order: 'o-3',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 4200, next_action: null });
    const events = emulator.events().filter((event) => event.data.object.id === intent.id);
    expect(events.at(-1)).toMatchObject({ type: 'payment_intent.succeeded', request: { id: null, idempotency_key: null } });
  });

  it('returns to requires_payment_method when 3-D Secure fails (pm_card_authenticationRequired)', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd' });
    const intent = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_authenticationRequired', return_url: 'http://shop.test/r' });
    expect(intent.status).toBe('requires_action');

    const answer = await authenticate(intent, 'fail');
    expect(answer.status).toBe(200);
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    expect(failed).toMatchObject({ status: 'requires_payment_method', latest_charge: null });
    expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    expect(eventTypesFor(intent.id)).toEqual(['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.payment_failed']);
  });

  it('updates a PaymentIntent before it succeeds; afterwards only metadata, and a changed amount is refused', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', metadata: { order: 'o-4', cart: 'c-1' } });
    const updated = await stripe.paymentIntents.update(created.id, { amount: 1100, metadata: { cart: '', step: 'payment' } });
    expect(updated).toMatchObject({ amount: 1100, metadata: { order: 'o-4', step: 'payment' } });
    expect(updated.metadata).not.toHaveProperty('cart');

    await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    const refused = await rejection(stripe.paymentIntents.update(created.id, { amount: 1200 }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state', param: 'amount' });
    expect((await stripe.paymentIntents.update(created.id, { metadata: { shipped: 'yes' } })).metadata).toMatchObject({ order: 'o-4', shipped: 'yes' });
    expect((await stripe.paymentIntents.retrieve(created.id)).amount).toBe(1100);
  });

  it('cancels with a reason; a canceled PaymentIntent cannot be confirmed or canceled again, nor a succeeded one canceled', async () => {
    const created = await stripe.paymentIntents.create({ amount: 800, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(created.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(eventTypesFor(created.id)).toEqual(['payment_intent.created', 'payment_intent.canceled']);

    const confirm = await rejection(stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' }));
    expect(confirm).toMatchObject({ code: 'payment_intent_unexpected_state' });
    const again = await rejection(stripe.paymentIntents.cancel(created.id));
    expect(again.message).toContain('because it has a status of canceled');
    const succeeded = await succeededIntent(900);
    expect((await rejection(stripe.paymentIntents.cancel(succeeded.id))).message).toContain('because it has a status of succeeded');
  });

  it('refuses a key that is not a test secret key, as stripe-stateful-mock does', async () => {
    const error = await rejection(emulator.client('sk_live_nope').paymentIntents.create({ amount: 100, currency: 'usd' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('refuses unknown PaymentIntents and unknown parameters', async () => {
    expect(await rejection(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const unknown = await rejection(stripe.paymentIntents.create({ amount: 100, currency: 'usd', capture_method: 'manual' }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'capture_method' });
    // The stripe package's API version took payment_method_types away from PaymentIntents.
    const legacy = { amount: 100, currency: 'usd', payment_method_types: ['card'] };
    const renamed = await rejection(stripe.paymentIntents.create(legacy));
    expect(renamed).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
    expect(renamed.message).toContain('allowed_payment_method_types');
  });
});

describe('Stripe emulator: saved methods and off-session payments', () => {
  it('saves pm_card_visa for a customer with setup_future_usage, then charges it off-session', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test' });
    const first = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
      payment_method: 'pm_card_visa',
      confirm: true,
      return_url: 'http://shop.test/done',
    });
    expect(first).toMatchObject({ status: 'succeeded', customer: customer.id, setup_future_usage: 'off_session' });
    const method = await stripe.paymentMethods.retrieve(String(first.payment_method));
    expect(method.customer).toBe(customer.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data.map((saved) => saved.id)).toEqual([method.id]);

    const renewal = await stripe.paymentIntents.create(
      { amount: 900, currency: 'usd', customer: customer.id, payment_method: method.id, off_session: true, confirm: true },
      { idempotencyKey: 'renewal-2026-12' },
    );
    const replay = await stripe.paymentIntents.create(
      { amount: 900, currency: 'usd', customer: customer.id, payment_method: method.id, off_session: true, confirm: true },
      { idempotencyKey: 'renewal-2026-12' },
    );
    expect(renewal).toMatchObject({ status: 'succeeded', amount_received: 900, payment_method: method.id });
    expect(replay.id).toBe(renewal.id);
    const events = emulator.events().filter((event) => event.data.object.id === renewal.id);
    expect(events.map((event) => event.request.idempotency_key)).toEqual(['renewal-2026-12', 'renewal-2026-12']);
  });

  it('attaches the 0341 card (pm_card_chargeCustomerFail), then declines it off-session', async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(method).toMatchObject({ customer: customer.id, card: { last4: '0341' } });

    const error = await rejection(
      stripe.paymentIntents.create({ amount: 900, currency: 'usd', customer: customer.id, payment_method: method.id, off_session: true, confirm: true }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', payment_intent: { status: 'requires_payment_method', customer: customer.id } });
    const intentId = String(error.payment_intent?.id);
    expect(eventTypesFor(intentId)).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);
  });

  it('declines an off-session payment that needs authentication with authentication_required', async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
    const error = await rejection(
      stripe.paymentIntents.create({ amount: 900, currency: 'usd', customer: customer.id, payment_method: method.id, off_session: true, confirm: true }),
    );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required', payment_intent: { status: 'requires_payment_method' } });
  });

  it('authenticates pm_card_authenticationRequiredOnSetup once while saving it, then charges it off-session without asking', async () => {
    const customer = await stripe.customers.create({});
    const first = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      confirm: true,
      return_url: 'http://shop.test/done',
    });
    expect(first.status).toBe('requires_action');
    await authenticate(first, 'succeed');
    const saved = await stripe.paymentIntents.retrieve(first.id);
    expect(saved).toMatchObject({ status: 'succeeded' });

    const renewal = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      payment_method: String(saved.payment_method),
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe('succeeded');
  });

  it('creates a card PaymentMethod from a token and attaches it', async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    expect(method).toMatchObject({ type: 'card', card: { brand: 'mastercard', last4: '4444' }, customer: null });
    expect(await stripe.paymentMethods.attach(method.id, { customer: customer.id })).toMatchObject({ id: method.id, customer: customer.id });
    const other = await stripe.customers.create({});
    const error = await rejection(stripe.paymentMethods.attach(method.id, { customer: other.id }));
    expect(error.message).toBe('The payment method you provided has already been attached to a customer.');
  });

  it('creates nothing when confirm=true is refused (not declined)', async () => {
    const first = await succeededIntent(700);
    const intentCount = async () => (await stripe.paymentIntents.list({ limit: 100 })).data.length;
    const [eventsBefore, intentsBefore] = [emulator.events().length, await intentCount()];
    const error = await rejection(stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: String(first.payment_method), confirm: true }));
    expect(error).toMatchObject({ statusCode: 400, param: 'payment_method' });
    expect(emulator.events()).toHaveLength(eventsBefore);
    expect(await intentCount()).toBe(intentsBefore);
  });

  it('refuses to reuse a method that was charged without a customer', async () => {
    const first = await succeededIntent(700);
    const second = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const error = await rejection(stripe.paymentIntents.confirm(second.id, { payment_method: String(first.payment_method) }));
    expect(error).toMatchObject({ statusCode: 400, param: 'payment_method' });
    expect(error.message).toContain('It may not be used again');
  });
});

describe('Stripe emulator: refunds and disputes', () => {
  it('refunds by payment_intent twice in part, then refuses more than is left', async () => {
    const intent = await succeededIntent(5000);
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 }, { idempotencyKey: 'refund-1' });
    const replay = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 }, { idempotencyKey: 'refund-1' });
    const second = await stripe.refunds.create({ payment_intent: intent.id, amount: 1500 });
    expect(first).toMatchObject({ object: 'refund', amount: 1000, charge: intent.latest_charge, payment_intent: intent.id });
    expect(replay.id).toBe(first.id);
    expect(second.amount).toBe(1500);

    const over = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 3000 }));
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(over).toMatchObject({ statusCode: 400, param: 'amount' });
    expect((await stripe.charges.retrieve(String(intent.latest_charge))).amount_refunded).toBe(2500);
    const refunded = emulator.events().filter((event) => event.type === 'charge.refunded' && event.data.object.id === intent.latest_charge);
    expect(refunded.map((event) => event.data.object.amount_refunded)).toEqual([1000, 2500]);
  });

  it('refuses a refund on a PaymentIntent that has not succeeded', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const error = await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    expect(error).toMatchObject({ statusCode: 400, param: 'payment_intent' });
    expect(error.message).toContain('does not have a successful charge to refund');
  });

  it('opens a dispute on a PaymentIntent’s charge and records charge.dispute.created', async () => {
    const intent = await succeededIntent(3000);
    const response = await fetch(`${emulator.url}/_emulator/disputes`, { method: 'POST', body: new URLSearchParams({ payment_intent: intent.id }) });
    expect(response.status).toBe(200);
    const dispute = (await response.json()) as { id: string; charge: string; amount: number };
    expect(dispute).toMatchObject({ charge: intent.latest_charge, amount: 3000 });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ disputed: true, dispute: dispute.id });
    const event = emulator.events().find((candidate) => candidate.type === 'charge.dispute.created' && candidate.data.object.id === dispute.id);
    expect(event?.data.object).toMatchObject({ payment_intent: intent.id, reason: 'fraudulent', status: 'needs_response' });
  });
});

describe('Stripe emulator: events and webhooks', () => {
  it('lists events newest first by type and limit, and retrieves one', async () => {
    await succeededIntent(1000);
    const list = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 2 });
    expect(list.data).toHaveLength(2);
    expect(list.data.every((event) => event.type === 'payment_intent.succeeded')).toBe(true);
    expect(list.data[0].created).toBeGreaterThanOrEqual(list.data[1].created);
    const recorded = emulator.events().filter((event) => event.type === 'payment_intent.succeeded');
    expect(list.data[0].id).toBe(recorded.at(-1)?.id);
    const one = await stripe.events.retrieve(list.data[0].id);
    expect(one).toMatchObject({ id: list.data[0].id, object: 'event', livemode: false, api_version: Stripe.API_VERSION });
  });

  it('signs an event so that stripe.webhooks.constructEvent accepts it', () => {
    const [event] = emulator.events();
    const { payload, header } = emulator.signed(event, 'whsec_test');
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test')).toMatchObject({ id: event.id, type: event.type });
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('delivers each recorded event once to a local endpoint, signed', async () => {
    const endpoint = await startEndpoint();
    try {
      const statuses = await emulator.deliverAll(endpoint.url, 'whsec_deliver');
      expect(statuses).toHaveLength(emulator.events().length);
      expect(new Set(statuses)).toEqual(new Set([200]));
      for (const received of endpoint.received) {
        const event = stripe.webhooks.constructEvent(received.body, String(received.headers['stripe-signature']), 'whsec_deliver');
        expect(event.object).toBe('event');
      }
      expect(await emulator.deliverAll(endpoint.url, 'whsec_deliver')).toEqual([]);
    } finally {
      await endpoint.close();
    }
  });

  it('posts events to the configured webhook as they happen, and starts afresh after a reset', async () => {
    const endpoint = await startEndpoint();
    const withWebhook = await startStripeEmulator({ webhook: { url: endpoint.url, secret: 'whsec_live' } });
    try {
      const client = withWebhook.client();
      const intent = await client.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        return_url: 'http://shop.test/',
      });
      await expect.poll(() => endpoint.received.length).toBe(3);
      const types = endpoint.received.map((received) => (JSON.parse(received.body) as StripeEvent).type);
      expect(types.sort()).toEqual(['charge.succeeded', 'payment_intent.created', 'payment_intent.succeeded']);
      expect(withWebhook.events()[0]).toMatchObject({ pending_webhooks: 1, request: { id: expect.stringMatching(/^req_/) } });

      const reset = await fetch(`${withWebhook.url}/_emulator/reset`, { method: 'POST' });
      expect(reset.status).toBe(200);
      expect(withWebhook.events()).toEqual([]);
      expect(await rejection(client.paymentIntents.retrieve(intent.id))).toMatchObject({ statusCode: 404 });
      expect(await rejection(client.charges.retrieve(String(intent.latest_charge)))).toMatchObject({ statusCode: 404 });
    } finally {
      await withWebhook.stop();
      await endpoint.close();
    }
  });
});

interface Endpoint {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

/** A tiny webhook endpoint that keeps what it receives and answers 200. */
async function startEndpoint(): Promise<Endpoint> {
  const received: Endpoint['received'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
