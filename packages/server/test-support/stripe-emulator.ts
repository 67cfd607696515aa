import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { ExpressApp, Next, Request, Response, StatefulMock, StripeEvent, StripeEventType } from './stripe-emulator-objects.js';
import { bodyParser, express, loadStatefulMock } from './stripe-emulator-objects.js';
import { randomId, sendError, signedDelivery, stopServer } from './stripe-emulator-helpers.js';
import { EventLog } from './stripe-emulator-events.js';
import { PaymentIntents } from './stripe-emulator-payment-intents.js';
import { PaymentMethods } from './stripe-emulator-payment-methods.js';
import { Refunds } from './stripe-emulator-refunds.js';
import { SetupIntents } from './stripe-emulator-setup-intents.js';
import { TestControls } from './stripe-emulator-test-controls.js';

/**
 * A local Stripe API for tests, built on stripe-stateful-mock (customers, charges, refunds,
 * disputes, idempotency keys) with our own PaymentIntents, SetupIntents, PaymentMethods and
 * events on top, one file each, and the emulator's test controls under `/_emulator/`.
 */

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
// The emulator: its state and routes, each Stripe resource in its own file
// ---------------------------------------------------------------------------------------------

export class Emulator {
  baseUrl = '';
  private mock: StatefulMock = loadStatefulMock();
  private readonly eventLog: EventLog;
  private readonly methods: PaymentMethods;
  private readonly intents: PaymentIntents;
  private readonly setupIntents: SetupIntents;
  private readonly refunds: Refunds;
  private readonly controls: TestControls;

  constructor(webhook: { url: string; secret: string } | null) {
    const mock = () => this.mock;
    this.eventLog = new EventLog(webhook);
    const events = this.eventLog;
    this.methods = new PaymentMethods({ mock, events });
    const methods = this.methods;
    this.intents = new PaymentIntents({ baseUrl: () => this.baseUrl, mock, methods, events });
    const intents = this.intents;
    this.setupIntents = new SetupIntents({
      paymentMethodRecord: (id, param) => methods.find(id, param),
      customerOf: (body) => methods.customerOf(body),
      recordEvent: (type, object, request) => events.record(type, object, request),
    });
    this.refunds = new Refunds({ mock, intents, events });
    this.controls = new TestControls({ mock, intents, events, reset: () => this.reset() });
  }

  /** Every event recorded so far, oldest first. */
  get events(): StripeEvent[] {
    return this.eventLog.events;
  }

  buildApp(): ExpressApp {
    const app = express();
    app.set('etag', false);
    app.set('x-powered-by', false);
    app.use(bodyParser.urlencoded({ extended: true }));
    this.controls.routes(app);
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
    this.intents.routes(app);
    this.setupIntents.routes(app);
    this.methods.routes(app);
    this.refunds.routes(app);
    this.eventLog.routes(app);
    app.use((req, res, next) => this.mock.routes(req, res, next));
    app.use((error: unknown, _req: Request, res: Response, _next: Next) => sendError(res, error));
    return app;
  }

  deliverAll(url: string, secret: string): Promise<number[]> {
    return this.eventLog.deliverAll(url, secret);
  }

  settle(): Promise<void> {
    return this.eventLog.settle();
  }

  /** Forgets every object, event and idempotency key. */
  private reset(): void {
    this.mock = loadStatefulMock();
    this.intents.reset();
    this.methods.reset();
    this.setupIntents.reset();
    this.eventLog.reset();
  }
}
