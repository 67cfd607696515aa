import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  type Params,
  type Request,
  type Response,
  type Next,
  type ExpressApp,
  type StripeErrorBody,
  type MockCharge,
  express,
  bodyParser,
  loadStatefulMock,
  ACCOUNT,
} from './stripe-emulator-objects.js';
import {
  type PaymentIntentStatus,
  type PaymentIntent,
  type PaymentMethod,
  type TestCard,
  TEST_CARDS,
  type IntentRecord,
  type PaymentMethodRecord,
  MESSAGES,
} from './stripe-emulator-objects.js';
import {
  returnTarget,
  signedDelivery,
  postDelivery,
  stopServer,
  sendError,
  restError,
  invalidParam,
  isRestError,
  assertKnownParams,
  readString,
  readObject,
  readBoolean,
  readOffSession,
  required,
  readAmount,
  readCurrency,
  readPaymentMethodTypes,
  readAutomaticPaymentMethods,
  readSetupFutureUsage,
  applyMetadata,
  listOf,
  eventRequest,
  snapshot,
  now,
  randomId,
  formatAmount,
  escapeHtml,
} from './stripe-emulator-helpers.js';

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

import type { StripeEvent, StripeEventType } from './stripe-emulator-objects.js';
import { SetupIntents } from './stripe-emulator-setup-intents.js';

export type { StripeEvent, StripeEventType };

export interface StripeEmulatorOptions {
  /** Also POST each event, signed with `secret`, to `url` as it happens (one attempt, no retries). */
  webhook?: { url: string; secret: string };
}

export interface StripeEmulator {
  /** `http://127.0.0.1:<port>`, the emulator's base URL. */
  url: string;
  host: string;
  port: number;
  /** A `stripe` client pointed at the emulator; any `sk_test_…` key is accepted. */
  client(secretKey?: string): Stripe;
  /** Every event recorded so far, oldest first. */
  events(): StripeEvent[];
  /** A webhook delivery for `event`: its body and the Stripe-Signature header for `secret`. */
  signed(event: StripeEvent, secret: string): { payload: string; header: string };
  /**
   * POSTs, oldest first, each event this method has not sent before to `url` with a Stripe-Signature
   * header; resolves to the HTTP statuses (0 when the request could not be made).
   */
  deliverAll(url: string, secret: string): Promise<number[]>;
  stop(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 at a free port. */
export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const emulator = new Emulator(options.webhook ?? null);
  const server = createServer(emulator.buildApp());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  emulator.baseUrl = `http://${host}:${port}`;
  return {
    url: emulator.baseUrl,
    host,
    port,
    client: (secretKey = 'sk_test_emulator') => new Stripe(secretKey, { host, port, protocol: 'http' }),
    events: () => emulator.events.map((event) => structuredClone(event)),
    signed: signedDelivery,
    deliverAll: (url, secret) => emulator.deliverAll(url, secret),
    stop: () => stopServer(server, emulator),
  };
}

// ---------------------------------------------------------------------------------------------
// The emulator: state, the PaymentIntent state machine, routes
// ---------------------------------------------------------------------------------------------

const UPDATABLE_STATUSES: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE_STATUSES: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];
/** Fields Stripe still lets you change on a succeeded or canceled PaymentIntent. */
const ALWAYS_UPDATABLE = new Set(['metadata', 'description', 'receipt_email']);

type EventRequest = StripeEvent['request'];
const NO_REQUEST: EventRequest = Object.freeze({ id: null, idempotency_key: null });

export class Emulator {
  baseUrl = '';
  events: StripeEvent[] = [];
  private mock = loadStatefulMock();
  private intents = new Map<string, IntentRecord>();
  private paymentMethods = new Map<string, PaymentMethodRecord>();
  private deliveredCount = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly setupIntents = new SetupIntents({
    paymentMethodRecord: (id, param) => this.paymentMethod(id, param),
    customerOf: (body) => this.readCustomer(body),
    recordEvent: (type, object, request) => this.record(type, object, request),
  });

  constructor(private readonly webhook: { url: string; secret: string } | null) {}

  buildApp(): ExpressApp {
    const app = express();
    app.set('etag', false);
    app.set('x-powered-by', false);
    app.use(bodyParser.urlencoded({ extended: true }));
    app.get('/_emulator/authenticate/:id', (req, res) => this.authenticationPage(req, res));
    app.post('/_emulator/authenticate/:id', (req, res) => this.authenticate(req, res));
    app.post('/_emulator/disputes', (req, res) => this.openDispute(req, res));
    app.post('/_emulator/reset', (_req, res) => this.reset(res));
    app.use((_req, res, next) => {
      // Stripe answers JSON with a request id; stripe-stateful-mock's replay would otherwise send text/html.
      res.type('application/json').set('Request-Id', randomId('req_', 14));
      next();
    });
    app.use((req, res, next) => this.mock.authRoute(req, res, next));
    app.use((req, res, next) => this.mock.idempotencyRoute(req, res, next));
    // The account of the secret key (GET /v1/account), as Stripe answers it for a test account in the US.
    app.get('/v1/account', (_req, res) =>
      res.status(200).json({ id: 'acct_emulator', object: 'account', country: 'US', default_currency: 'usd', charges_enabled: true, payouts_enabled: true }),
    );
    app.post('/v1/payment_intents', (req, res) => this.createIntent(req, res));
    app.get('/v1/payment_intents', (req, res) => this.listIntents(req, res));
    app.get('/v1/payment_intents/:id', (req, res) => res.status(200).json(this.intent(req.params.id).intent));
    app.post('/v1/payment_intents/:id', (req, res) => this.updateIntent(req, res));
    app.post('/v1/payment_intents/:id/confirm', (req, res) => this.confirmIntent(req, res));
    app.post('/v1/payment_intents/:id/cancel', (req, res) => this.cancelIntent(req, res));
    this.setupIntents.routes(app);
    app.post('/v1/payment_methods', (req, res) => this.createPaymentMethod(req, res));
    app.get('/v1/payment_methods', (req, res) => this.listPaymentMethods(req, res, readString(req.query, 'customer')));
    app.get('/v1/customers/:customer/payment_methods', (req, res) => this.listPaymentMethods(req, res, req.params.customer));
    app.get('/v1/payment_methods/:id', (req, res) => res.status(200).json(this.paymentMethod(req.params.id, 'id').method));
    app.post('/v1/payment_methods/:id/attach', (req, res) => this.attachPaymentMethod(req, res));
    app.post('/v1/payment_methods/:id/detach', (req, res) => this.detachPaymentMethod(req, res));
    app.post('/v1/refunds', (req, res) => this.createRefund(req, res));
    app.get('/v1/events', (req, res) => this.listEvents(req, res));
    app.get('/v1/events/:id', (req, res) => res.status(200).json(this.event(req.params.id)));
    app.use((req, res, next) => this.mock.routes(req, res, next));
    app.use((error: unknown, _req: Request, res: Response, _next: Next) => sendError(res, error));
    return app;
  }

  // --- PaymentIntents ------------------------------------------------------------------------

  private createIntent(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, [
      'amount',
      'currency',
      'customer',
      'metadata',
      'setup_future_usage',
      'automatic_payment_methods',
      'allowed_payment_method_types',
      'description',
      'receipt_email',
      'payment_method',
      'confirm',
      'off_session',
      'return_url',
    ]);
    const amount = required(readAmount(body), 'amount');
    const currency = required(readCurrency(body, this.mock), 'currency');
    const customer = this.readCustomer(body);
    const allowedTypes = readPaymentMethodTypes(body);
    const id = randomId('pi_', 24);
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowedTypes ?? null,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: readAutomaticPaymentMethods(body, allowedTypes),
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomId('', 25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer,
      customer_account: null,
      description: readString(body, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: applyMetadata({}, body),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      processing: null,
      receipt_email: readString(body, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: readSetupFutureUsage(body) ?? null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_group: null,
    };
    const paymentMethod = readString(body, 'payment_method');
    if (paymentMethod) {
      intent.payment_method = this.paymentMethod(paymentMethod, 'payment_method').method.id;
      intent.status = 'requires_confirmation';
    }
    const record: IntentRecord = { intent, returnUrl: null };
    this.intents.set(id, record);
    const request = eventRequest(req, res);
    this.record('payment_intent.created', intent, request);
    if (readBoolean(body, 'confirm')) {
      try {
        this.confirm(record, body, request);
      } catch (error) {
        // A refused confirmation (not a decline) means Stripe created nothing.
        if (!isRestError(error) || error.statusCode !== 402) this.forgetIntent(id);
        throw error;
      }
    }
    res.status(200).json(intent);
  }

  private listIntents(req: Request, res: Response): void {
    const customer = readString(req.query, 'customer');
    const intents = [...this.intents.values()].map((record) => record.intent).filter((intent) => !customer || intent.customer === customer);
    res.status(200).json(listOf(intents.reverse(), req.query, '/v1/payment_intents'));
  }

  private updateIntent(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, [
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      'allowed_payment_method_types',
      'receipt_email',
      'setup_future_usage',
    ]);
    const record = this.intent(req.params.id);
    const { intent } = record;
    if (!UPDATABLE_STATUSES.includes(intent.status)) {
      const locked = Object.keys(body).find((param) => param !== 'expand' && !ALWAYS_UPDATABLE.has(param));
      if (locked)
        throw restError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          param: locked,
          message: MESSAGES.cannotUpdate(locked, intent.status),
        });
    }
    const amount = readAmount(body);
    if (amount !== undefined) intent.amount = amount;
    const currency = readCurrency(body, this.mock);
    if (currency !== undefined) intent.currency = currency;
    if (body.customer !== undefined) intent.customer = this.readCustomer(body);
    if (body.description !== undefined) intent.description = readString(body, 'description') || null;
    if (body.receipt_email !== undefined) intent.receipt_email = readString(body, 'receipt_email') || null;
    if (body.setup_future_usage !== undefined) intent.setup_future_usage = readSetupFutureUsage(body) ?? null;
    const allowedTypes = readPaymentMethodTypes(body);
    if (allowedTypes) intent.allowed_payment_method_types = allowedTypes;
    intent.metadata = applyMetadata(intent.metadata, body);
    const paymentMethod = readString(body, 'payment_method');
    if (paymentMethod !== undefined) {
      intent.payment_method = paymentMethod ? this.paymentMethod(paymentMethod, 'payment_method').method.id : null;
      intent.status = intent.payment_method ? 'requires_confirmation' : 'requires_payment_method';
      intent.next_action = null;
    }
    res.status(200).json(intent);
  }

  private confirmIntent(req: Request, res: Response): void {
    assertKnownParams(req.body, ['payment_method', 'return_url', 'off_session', 'setup_future_usage', 'receipt_email']);
    const record = this.intent(req.params.id);
    this.confirm(record, req.body, eventRequest(req, res));
    res.status(200).json(record.intent);
  }

  private cancelIntent(req: Request, res: Response): void {
    assertKnownParams(req.body, ['cancellation_reason']);
    const { intent } = this.intent(req.params.id);
    if (!CANCELABLE_STATUSES.includes(intent.status)) {
      throw restError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: MESSAGES.cannotCancel(intent.status) });
    }
    const reason = readString(req.body, 'cancellation_reason');
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(reason)) {
      throw invalidParam('cancellation_reason', `Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer or abandoned`);
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = reason ?? null;
    intent.next_action = null;
    this.record('payment_intent.canceled', intent, eventRequest(req, res));
    res.status(200).json(intent);
  }

  /** Stripe's confirmation: authenticate when the card asks for it, else charge. Throws Stripe's 402 on a decline. */
  private confirm(record: IntentRecord, params: Params, request: EventRequest): void {
    const { intent } = record;
    if (intent.status === 'succeeded') {
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: MESSAGES.alreadySucceeded,
        payment_intent: snapshot(intent),
      });
    }
    if (intent.status === 'canceled' || intent.status === 'processing') {
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: MESSAGES.cannotConfirm(intent.status),
        payment_intent: snapshot(intent),
      });
    }
    const methodId = readString(params, 'payment_method');
    if (methodId) intent.payment_method = this.paymentMethod(methodId, 'payment_method').method.id;
    const setupFutureUsage = readSetupFutureUsage(params);
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    const receiptEmail = readString(params, 'receipt_email');
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;
    record.returnUrl = readString(params, 'return_url') ?? record.returnUrl;
    const offSession = readOffSession(params);
    if (!intent.payment_method) {
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: MESSAGES.missingPaymentMethod,
        payment_intent: snapshot(intent),
      });
    }
    const method = this.usablePaymentMethod(intent);
    const mustAuthenticate = method.card.authentication === 'always' || (method.card.authentication === 'unless_set_up' && !(offSession && method.setUp));
    if (mustAuthenticate && offSession) {
      this.fail(
        record,
        method,
        { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: MESSAGES.authenticationRequired },
        null,
        request,
      );
    }
    if (mustAuthenticate) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${this.baseUrl}/_emulator/authenticate/${intent.id}`, return_url: record.returnUrl },
      };
      this.record('payment_intent.requires_action', intent, request);
      return;
    }
    this.charge(record, method, request);
  }

  /** The method the intent will charge, refused as Stripe refuses reuse across customers or after it was consumed. */
  private usablePaymentMethod(intent: PaymentIntent): PaymentMethodRecord {
    const method = this.paymentMethod(intent.payment_method ?? '', 'payment_method');
    const owner = method.method.customer;
    if (owner && !intent.customer) throw invalidParam('payment_method', MESSAGES.attachedNeedsCustomer(method.method.id));
    if (owner && intent.customer && owner !== intent.customer) throw invalidParam('payment_method', MESSAGES.otherCustomer(method.method.id, intent.customer));
    if (!owner && method.consumed) throw invalidParam('payment_method', MESSAGES.consumedPaymentMethod);
    return method;
  }

  private charge(record: IntentRecord, method: PaymentMethodRecord, request: EventRequest): void {
    const { intent } = record;
    const params: Params = { amount: intent.amount, currency: intent.currency, source: method.card.chargeToken, metadata: intent.metadata };
    if (intent.description) params.description = intent.description;
    if (intent.receipt_email) params.receipt_email = intent.receipt_email;
    let charge: MockCharge;
    try {
      charge = this.mock.charges.create(ACCOUNT, params);
    } catch (error) {
      if (!isRestError(error) || error.statusCode !== 402) throw error;
      const failed = error.error.charge ? this.linkCharge(this.mock.charges.retrieve(ACCOUNT, error.error.charge, 'charge'), intent, method) : null;
      const { payment_intent: _intent, payment_method: _method, ...decline } = error.error;
      this.fail(record, method, decline, failed, request);
    }
    this.linkCharge(charge, intent, method);
    if (!method.method.customer) method.consumed = true;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    this.record('charge.succeeded', charge, request);
    if (intent.setup_future_usage && intent.customer) {
      method.setUp = true;
      if (method.method.customer !== intent.customer) {
        method.method.customer = intent.customer;
        method.consumed = false;
        this.record('payment_method.attached', method.method, request);
      }
    }
    this.record('payment_intent.succeeded', intent, request);
  }

  /** Back to requires_payment_method with the decline as last_payment_error; throws Stripe's 402 card error. */
  private fail(record: IntentRecord, method: PaymentMethodRecord, decline: StripeErrorBody, charge: MockCharge | null, request: EventRequest): never {
    const { intent } = record;
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = { ...decline, payment_method: snapshot(method.method) };
    if (charge) {
      intent.latest_charge = charge.id;
      this.record('charge.failed', charge, request);
    }
    this.record('payment_intent.payment_failed', intent, request);
    throw restError(402, { ...intent.last_payment_error, payment_intent: snapshot(intent) });
  }

  private linkCharge(charge: MockCharge, intent: PaymentIntent, method: PaymentMethodRecord): MockCharge {
    charge.payment_intent = intent.id;
    charge.customer = intent.customer;
    charge.payment_method = method.method.id;
    charge.payment_method_details.card.brand = method.card.brand;
    charge.payment_method_details.card.last4 = method.card.last4;
    return charge;
  }

  private forgetIntent(id: string): void {
    this.intents.delete(id);
    this.events = this.events.filter((event) => event.data.object.id !== id);
  }

  private intent(id: string): IntentRecord {
    const record = this.intents.get(id);
    if (!record)
      throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: MESSAGES.noSuch('payment_intent', id) });
    return record;
  }

  private readCustomer(body: Params): string | null {
    const customer = readString(body, 'customer');
    if (!customer) return null;
    return this.mock.customers.retrieve(ACCOUNT, customer, 'customer').id;
  }

  // --- PaymentMethods ------------------------------------------------------------------------

  /** A stored method, or a fresh one for a test-card shortcut (`pm_card_visa`), as Stripe does. */
  private paymentMethod(id: string, param: string): PaymentMethodRecord {
    const stored = this.paymentMethods.get(id);
    if (stored) return stored;
    const testCard = TEST_CARDS.find((row) => row.paymentMethod === id);
    if (!testCard) throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: MESSAGES.noSuch('PaymentMethod', id) });
    return this.newPaymentMethod(testCard, {});
  }

  private newPaymentMethod(testCard: TestCard, metadata: Record<string, string>): PaymentMethodRecord {
    const expires = new Date();
    const method: PaymentMethod = {
      id: randomId('pm_', 24),
      object: 'payment_method',
      type: 'card',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: testCard.brand,
        last4: testCard.last4,
        exp_month: expires.getUTCMonth() + 1,
        exp_year: expires.getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
        fingerprint: randomId('', 16),
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata,
    };
    const record: PaymentMethodRecord = { method, card: testCard, consumed: false, setUp: false };
    this.paymentMethods.set(method.id, record);
    return record;
  }

  private createPaymentMethod(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, ['type', 'card', 'metadata', 'billing_details']);
    if (readString(body, 'type') !== 'card') throw invalidParam('type', 'The emulator creates PaymentMethods of type card only.');
    const cardParams = readObject(body, 'card');
    const token = cardParams ? readString(cardParams, 'token') : undefined;
    if (!token) throw invalidParam('card', MESSAGES.rawCardData);
    const testCard = TEST_CARDS.find((row) => row.token === token);
    if (!testCard) throw invalidParam('card[token]', MESSAGES.noSuch('token', token));
    res.status(200).json(this.newPaymentMethod(testCard, applyMetadata({}, body)).method);
  }

  private listPaymentMethods(req: Request, res: Response, customer: string | undefined): void {
    if (!customer)
      throw restError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'customer', message: 'Missing required param: customer.' });
    this.mock.customers.retrieve(ACCOUNT, customer, 'customer');
    const methods = [...this.paymentMethods.values()].map((record) => record.method).filter((method) => method.customer === customer);
    res.status(200).json(listOf(methods.reverse(), req.query, '/v1/payment_methods'));
  }

  private attachPaymentMethod(req: Request, res: Response): void {
    assertKnownParams(req.body, ['customer']);
    const customer = this.readCustomer(req.body);
    if (!customer)
      throw restError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'customer', message: 'Missing required param: customer.' });
    const record = this.paymentMethod(req.params.id, 'payment_method');
    if (record.method.customer && record.method.customer !== customer) throw invalidParam('payment_method', MESSAGES.alreadyAttached);
    if (record.consumed) throw invalidParam('payment_method', MESSAGES.consumedPaymentMethod);
    if (record.method.customer !== customer) {
      record.method.customer = customer;
      this.record('payment_method.attached', record.method, eventRequest(req, res));
    }
    res.status(200).json(record.method);
  }

  private detachPaymentMethod(req: Request, res: Response): void {
    const record = this.paymentMethod(req.params.id, 'payment_method');
    if (!record.method.customer) throw invalidParam('payment_method', `The payment method ${record.method.id} is not attached to a customer.`);
    record.method.customer = null;
    record.consumed = true;
    record.setUp = false;
    this.record('payment_method.detached', record.method, eventRequest(req, res));
    res.status(200).json(record.method);
  }

  // --- Refunds -------------------------------------------------------------------------------

  /** Resolves `payment_intent` to its charge; stripe-stateful-mock makes the refund and refuses more than is left. */
  private createRefund(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, ['charge', 'payment_intent', 'amount', 'reason', 'metadata']);
    const intentId = readString(body, 'payment_intent');
    let chargeId = readString(body, 'charge');
    if (intentId) {
      const { intent } = this.intent(intentId);
      if (intent.status !== 'succeeded' || !intent.latest_charge) throw invalidParam('payment_intent', MESSAGES.noSuccessfulCharge(intent.id));
      if (chargeId && chargeId !== intent.latest_charge) throw invalidParam('charge', `Charge ${chargeId} does not belong to PaymentIntent ${intent.id}.`);
      chargeId = intent.latest_charge;
    }
    if (!chargeId)
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    const { payment_intent: _intent, ...params } = body;
    const refund = this.mock.refunds.create(ACCOUNT, { ...params, charge: chargeId });
    const charge = this.mock.charges.retrieve(ACCOUNT, chargeId, 'charge');
    refund.payment_intent = charge.payment_intent;
    const request = eventRequest(req, res);
    this.record('charge.refunded', charge, request);
    this.record('refund.created', refund, request);
    res.status(200).json(refund);
  }

  // --- Events and webhooks -------------------------------------------------------------------

  private record(type: StripeEventType, object: object, request: EventRequest): void {
    const event: StripeEvent = {
      id: randomId('evt_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: this.webhook ? 1 : 0,
      type,
      data: { object: snapshot(object) as Record<string, unknown> },
      request: { ...request },
    };
    this.events.push(event);
    if (this.webhook) this.track(postDelivery(this.webhook.url, signedDelivery(event, this.webhook.secret)));
  }

  private listEvents(req: Request, res: Response): void {
    const type = readString(req.query, 'type');
    const matches = (eventType: string) => !type || (type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
    const events = this.events.filter((event) => matches(event.type)).reverse();
    res.status(200).json(listOf(events, req.query, '/v1/events'));
  }

  private event(id: string): StripeEvent {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: MESSAGES.noSuch('event', id) });
    return event;
  }

  async deliverAll(url: string, secret: string): Promise<number[]> {
    const pending = this.events.slice(this.deliveredCount);
    this.deliveredCount = this.events.length;
    const statuses: number[] = [];
    for (const event of pending) statuses.push(await postDelivery(url, signedDelivery(event, secret)));
    return statuses;
  }

  private track(delivery: Promise<unknown>): void {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  // --- Test controls (not Stripe) ------------------------------------------------------------

  private authenticationPage(req: Request, res: Response): void {
    const record = this.intents.get(req.params.id);
    if (!record) {
      res.status(404).type('text/plain').send('No such PaymentIntent');
      return;
    }
    const action = escapeHtml(`/_emulator/authenticate/${record.intent.id}`);
    const button = (outcome: string, label: string) =>
      `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><input type="hidden" name="redirect" value="true"><button type="submit">${label}</button></form>`;
    res
      .status(200)
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe emulator: 3-D Secure</title></head><body><main><h1>3-D Secure test page (Stripe emulator)</h1><p>Payment ${escapeHtml(record.intent.id)}: ${escapeHtml(formatAmount(record.intent))}</p>${button('succeed', 'Complete authentication')}${button('fail', 'Fail authentication')}</main></body></html>`,
      );
  }

  /** The customer finishing (`outcome=succeed`) or failing (`outcome=fail`) 3-D Secure on the redirect page. */
  private authenticate(req: Request, res: Response): void {
    const record = this.intent(req.params.id);
    const { intent } = record;
    const outcome = readString(req.body, 'outcome');
    if (outcome !== 'succeed' && outcome !== 'fail') throw invalidParam('outcome', 'outcome must be succeed or fail');
    if (intent.status !== 'requires_action')
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `${intent.id} does not await authentication (status ${intent.status}).`,
      });
    const method = this.paymentMethod(intent.payment_method ?? '', 'payment_method');
    try {
      if (outcome === 'succeed') {
        this.charge(record, method, NO_REQUEST);
      } else {
        this.fail(
          record,
          method,
          { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: MESSAGES.authenticationFailed },
          null,
          NO_REQUEST,
        );
      }
    } catch (error) {
      if (!isRestError(error) || error.statusCode !== 402) throw error;
    }
    if (readBoolean(req.body, 'redirect') && record.returnUrl) {
      res.redirect(303, returnTarget(record.intent, record.returnUrl));
      return;
    }
    res.status(200).json(intent);
  }

  /** Opens a dispute (reason fraudulent, or product_not_received) on a succeeded PaymentIntent's charge. */
  private openDispute(req: Request, res: Response): void {
    const { intent } = this.intent(readString(req.body, 'payment_intent') ?? '');
    if (intent.status !== 'succeeded' || !intent.latest_charge) throw invalidParam('payment_intent', `${intent.id} has no successful charge to dispute.`);
    const reason = readString(req.body, 'reason') ?? 'fraudulent';
    const token = { fraudulent: 'tok_createDispute', product_not_received: 'tok_createDisputeProductNotReceived' }[reason];
    if (!token) throw invalidParam('reason', 'reason must be fraudulent or product_not_received');
    const charge = this.mock.charges.retrieve(ACCOUNT, intent.latest_charge, 'charge');
    if (charge.dispute) throw invalidParam('payment_intent', `Charge ${charge.id} is already disputed.`);
    const dispute = this.mock.disputes.createFromSource(ACCOUNT, token, charge, true);
    dispute.payment_intent = intent.id;
    charge.dispute = dispute.id;
    charge.disputed = true;
    this.record('charge.dispute.created', dispute, NO_REQUEST);
    res.status(200).json(dispute);
  }

  /** Forgets every object, event and idempotency key. */
  private reset(res: Response): void {
    this.mock = loadStatefulMock();
    this.intents = new Map();
    this.paymentMethods = new Map();
    this.setupIntents.reset();
    this.events = [];
    this.deliveredCount = 0;
    res.status(200).json({ reset: true });
  }
}
