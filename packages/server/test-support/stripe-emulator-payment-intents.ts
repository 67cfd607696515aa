import type {
  ExpressApp,
  IntentRecord,
  MockCharge,
  Params,
  PaymentIntent,
  PaymentIntentStatus,
  PaymentMethodRecord,
  Request,
  Response,
  StatefulMock,
  StripeErrorBody,
} from './stripe-emulator-objects.js';
import { ACCOUNT, MESSAGES } from './stripe-emulator-objects.js';
import type { EventLog, EventRequest } from './stripe-emulator-events.js';
import type { PaymentMethods } from './stripe-emulator-payment-methods.js';
import {
  applyMetadata,
  assertKnownParams,
  eventRequest,
  invalidParam,
  isRestError,
  listOf,
  now,
  randomId,
  readAmount,
  readAutomaticPaymentMethods,
  readBoolean,
  readCurrency,
  readOffSession,
  readPaymentMethodTypes,
  readSetupFutureUsage,
  readString,
  required,
  restError,
  snapshot,
} from './stripe-emulator-helpers.js';

const UPDATABLE_STATUSES: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE_STATUSES: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];
/** Fields Stripe still lets you change on a succeeded or canceled PaymentIntent. */
const ALWAYS_UPDATABLE = new Set(['metadata', 'description', 'receipt_email']);

/** What the PaymentIntents need of the emulator: its base URL, current stripe-stateful-mock, payment methods and event log. */
export interface PaymentIntentHost {
  baseUrl(): string;
  mock(): StatefulMock;
  methods: PaymentMethods;
  events: EventLog;
}

/**
 * PaymentIntents (`POST /v1/payment_intents`, list, retrieve, update, confirm, cancel) and their
 * state machine, modelled on Stripe's documented behaviour: confirming charges the card through
 * stripe-stateful-mock, a decline answers Stripe's 402 card error and goes back to
 * requires_payment_method, and a card that asks for 3-D Secure answers `requires_action` with a
 * redirect to the emulator's authentication page.
 */
export class PaymentIntents {
  private records = new Map<string, IntentRecord>();

  constructor(private readonly host: PaymentIntentHost) {}

  routes(app: ExpressApp): void {
    app.post('/v1/payment_intents', (req, res) => this.create(req, res));
    app.get('/v1/payment_intents', (req, res) => this.list(req, res));
    app.get('/v1/payment_intents/:id', (req, res) => res.status(200).json(this.find(req.params.id).intent));
    app.post('/v1/payment_intents/:id', (req, res) => this.update(req, res));
    app.post('/v1/payment_intents/:id/confirm', (req, res) => this.confirmIntent(req, res));
    app.post('/v1/payment_intents/:id/cancel', (req, res) => this.cancel(req, res));
  }

  /** The PaymentIntent `id`; Stripe's 404 when there is none. */
  find(id: string): IntentRecord {
    const record = this.records.get(id);
    if (!record)
      throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: MESSAGES.noSuch('payment_intent', id) });
    return record;
  }

  /** The PaymentIntent `id`, or undefined (no Stripe error). */
  lookup(id: string): IntentRecord | undefined {
    return this.records.get(id);
  }

  /**
   * The customer finishing (`succeed`) or failing (`fail`) 3-D Secure: the intent is charged, or
   * goes back to requires_payment_method with Stripe's authentication failure.
   */
  finishAuthentication(record: IntentRecord, outcome: 'succeed' | 'fail', request: EventRequest): void {
    const { intent } = record;
    if (intent.status !== 'requires_action')
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `${intent.id} does not await authentication (status ${intent.status}).`,
      });
    const method = this.host.methods.find(intent.payment_method ?? '', 'payment_method');
    try {
      if (outcome === 'succeed') {
        this.charge(record, method, request);
      } else {
        this.fail(
          record,
          method,
          { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: MESSAGES.authenticationFailed },
          null,
          request,
        );
      }
    } catch (error) {
      if (!isRestError(error) || error.statusCode !== 402) throw error;
    }
  }

  reset(): void {
    this.records = new Map();
  }

  private create(req: Request, res: Response): void {
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
    const currency = required(readCurrency(body, this.host.mock()), 'currency');
    const customer = this.host.methods.customerOf(body);
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
      intent.payment_method = this.host.methods.find(paymentMethod, 'payment_method').method.id;
      intent.status = 'requires_confirmation';
    }
    const record: IntentRecord = { intent, returnUrl: null };
    this.records.set(id, record);
    const request = eventRequest(req, res);
    this.host.events.record('payment_intent.created', intent, request);
    if (readBoolean(body, 'confirm')) {
      try {
        this.confirm(record, body, request);
      } catch (error) {
        // A refused confirmation (not a decline) means Stripe created nothing.
        if (!isRestError(error) || error.statusCode !== 402) this.forget(id);
        throw error;
      }
    }
    res.status(200).json(intent);
  }

  private list(req: Request, res: Response): void {
    const customer = readString(req.query, 'customer');
    const intents = [...this.records.values()].map((record) => record.intent).filter((intent) => !customer || intent.customer === customer);
    res.status(200).json(listOf(intents.reverse(), req.query, '/v1/payment_intents'));
  }

  private update(req: Request, res: Response): void {
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
    const record = this.find(req.params.id);
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
    const currency = readCurrency(body, this.host.mock());
    if (currency !== undefined) intent.currency = currency;
    if (body.customer !== undefined) intent.customer = this.host.methods.customerOf(body);
    if (body.description !== undefined) intent.description = readString(body, 'description') || null;
    if (body.receipt_email !== undefined) intent.receipt_email = readString(body, 'receipt_email') || null;
    if (body.setup_future_usage !== undefined) intent.setup_future_usage = readSetupFutureUsage(body) ?? null;
    const allowedTypes = readPaymentMethodTypes(body);
    if (allowedTypes) intent.allowed_payment_method_types = allowedTypes;
    intent.metadata = applyMetadata(intent.metadata, body);
    const paymentMethod = readString(body, 'payment_method');
    if (paymentMethod !== undefined) {
      intent.payment_method = paymentMethod ? this.host.methods.find(paymentMethod, 'payment_method').method.id : null;
      intent.status = intent.payment_method ? 'requires_confirmation' : 'requires_payment_method';
      intent.next_action = null;
    }
    res.status(200).json(intent);
  }

  private confirmIntent(req: Request, res: Response): void {
    assertKnownParams(req.body, ['payment_method', 'return_url', 'off_session', 'setup_future_usage', 'receipt_email']);
    const record = this.find(req.params.id);
    this.confirm(record, req.body, eventRequest(req, res));
    res.status(200).json(record.intent);
  }

  private cancel(req: Request, res: Response): void {
    assertKnownParams(req.body, ['cancellation_reason']);
    const { intent } = this.find(req.params.id);
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
    this.host.events.record('payment_intent.canceled', intent, eventRequest(req, res));
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
    if (methodId) intent.payment_method = this.host.methods.find(methodId, 'payment_method').method.id;
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
        redirect_to_url: { url: `${this.host.baseUrl()}/_emulator/authenticate/${intent.id}`, return_url: record.returnUrl },
      };
      this.host.events.record('payment_intent.requires_action', intent, request);
      return;
    }
    this.charge(record, method, request);
  }

  /** The method the intent will charge, refused as Stripe refuses reuse across customers or after it was consumed. */
  private usablePaymentMethod(intent: PaymentIntent): PaymentMethodRecord {
    const method = this.host.methods.find(intent.payment_method ?? '', 'payment_method');
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
      charge = this.host.mock().charges.create(ACCOUNT, params);
    } catch (error) {
      if (!isRestError(error) || error.statusCode !== 402) throw error;
      const failed = error.error.charge ? this.linkCharge(this.host.mock().charges.retrieve(ACCOUNT, error.error.charge, 'charge'), intent, method) : null;
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
    this.host.events.record('charge.succeeded', charge, request);
    if (intent.setup_future_usage && intent.customer) {
      method.setUp = true;
      if (method.method.customer !== intent.customer) {
        method.method.customer = intent.customer;
        method.consumed = false;
        this.host.events.record('payment_method.attached', method.method, request);
      }
    }
    this.host.events.record('payment_intent.succeeded', intent, request);
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
      this.host.events.record('charge.failed', charge, request);
    }
    this.host.events.record('payment_intent.payment_failed', intent, request);
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

  private forget(id: string): void {
    this.records.delete(id);
    this.host.events.forget(id);
  }
}
