import type { ExpressApp, Params, PaymentMethod, PaymentMethodRecord, Request, Response, StatefulMock, TestCard } from './stripe-emulator-objects.js';
import { ACCOUNT, MESSAGES, TEST_CARDS } from './stripe-emulator-objects.js';
import type { EventLog } from './stripe-emulator-events.js';
import {
  applyMetadata,
  assertKnownParams,
  eventRequest,
  invalidParam,
  listOf,
  now,
  randomId,
  readObject,
  readString,
  restError,
} from './stripe-emulator-helpers.js';

/** What the PaymentMethods need of the emulator: its current stripe-stateful-mock (customers) and event log. */
export interface PaymentMethodHost {
  mock(): StatefulMock;
  events: EventLog;
}

/**
 * PaymentMethods of type card (`POST /v1/payment_methods` from a test token, retrieve, list by
 * customer, attach, detach), modelled on Stripe's documented behaviour, and the customers they
 * belong to (kept by stripe-stateful-mock).
 */
export class PaymentMethods {
  private records = new Map<string, PaymentMethodRecord>();

  constructor(private readonly host: PaymentMethodHost) {}

  routes(app: ExpressApp): void {
    app.post('/v1/payment_methods', (req, res) => this.create(req, res));
    app.get('/v1/payment_methods', (req, res) => this.list(req, res, readString(req.query, 'customer')));
    app.get('/v1/customers/:customer/payment_methods', (req, res) => this.list(req, res, req.params.customer));
    app.get('/v1/payment_methods/:id', (req, res) => res.status(200).json(this.find(req.params.id, 'id').method));
    app.post('/v1/payment_methods/:id/attach', (req, res) => this.attach(req, res));
    app.post('/v1/payment_methods/:id/detach', (req, res) => this.detach(req, res));
  }

  /** A stored method, or a fresh one for a test-card shortcut (`pm_card_visa`), as Stripe does. */
  find(id: string, param: string): PaymentMethodRecord {
    const stored = this.records.get(id);
    if (stored) return stored;
    const testCard = TEST_CARDS.find((row) => row.paymentMethod === id);
    if (!testCard) throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: MESSAGES.noSuch('PaymentMethod', id) });
    return this.add(testCard, {});
  }

  /** The customer named by `body.customer` (Stripe's 404 when there is no such customer), or null. */
  customerOf(body: Params): string | null {
    const customer = readString(body, 'customer');
    if (!customer) return null;
    return this.host.mock().customers.retrieve(ACCOUNT, customer, 'customer').id;
  }

  reset(): void {
    this.records = new Map();
  }

  private add(testCard: TestCard, metadata: Record<string, string>): PaymentMethodRecord {
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
    this.records.set(method.id, record);
    return record;
  }

  private create(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, ['type', 'card', 'metadata', 'billing_details']);
    if (readString(body, 'type') !== 'card') throw invalidParam('type', 'The emulator creates PaymentMethods of type card only.');
    const cardParams = readObject(body, 'card');
    const token = cardParams ? readString(cardParams, 'token') : undefined;
    if (!token) throw invalidParam('card', MESSAGES.rawCardData);
    const testCard = TEST_CARDS.find((row) => row.token === token);
    if (!testCard) throw invalidParam('card[token]', MESSAGES.noSuch('token', token));
    res.status(200).json(this.add(testCard, applyMetadata({}, body)).method);
  }

  private list(req: Request, res: Response, customer: string | undefined): void {
    if (!customer)
      throw restError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'customer', message: 'Missing required param: customer.' });
    this.host.mock().customers.retrieve(ACCOUNT, customer, 'customer');
    const methods = [...this.records.values()].map((record) => record.method).filter((method) => method.customer === customer);
    res.status(200).json(listOf(methods.reverse(), req.query, '/v1/payment_methods'));
  }

  private attach(req: Request, res: Response): void {
    assertKnownParams(req.body, ['customer']);
    const customer = this.customerOf(req.body);
    if (!customer)
      throw restError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'customer', message: 'Missing required param: customer.' });
    const record = this.find(req.params.id, 'payment_method');
    if (record.method.customer && record.method.customer !== customer) throw invalidParam('payment_method', MESSAGES.alreadyAttached);
    if (record.consumed) throw invalidParam('payment_method', MESSAGES.consumedPaymentMethod);
    if (record.method.customer !== customer) {
      record.method.customer = customer;
      this.host.events.record('payment_method.attached', record.method, eventRequest(req, res));
    }
    res.status(200).json(record.method);
  }

  private detach(req: Request, res: Response): void {
    const record = this.find(req.params.id, 'payment_method');
    if (!record.method.customer) throw invalidParam('payment_method', `The payment method ${record.method.id} is not attached to a customer.`);
    record.method.customer = null;
    record.consumed = true;
    record.setUp = false;
    this.host.events.record('payment_method.detached', record.method, eventRequest(req, res));
    res.status(200).json(record.method);
  }
}
