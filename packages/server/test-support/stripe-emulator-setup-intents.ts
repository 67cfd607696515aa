import type { ExpressApp, Params, PaymentMethodRecord, Request, Response, StripeEventType } from './stripe-emulator-objects.js';
import { MESSAGES } from './stripe-emulator-objects.js';
import { applyMetadata, assertKnownParams, eventRequest, now, randomId, readBoolean, readString, restError, snapshot } from './stripe-emulator-helpers.js';

/** A SetupIntent as the emulator keeps it (the fields Stripe documents that our code reads). */
export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: Record<string, unknown> | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  payment_method: string | Record<string, unknown> | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

/** What the SetupIntents need of the emulator: its payment methods, customers and event log. */
export interface SetupIntentHost {
  paymentMethodRecord(id: string, param: string): PaymentMethodRecord;
  customerOf(body: Params): string | null;
  recordEvent(type: StripeEventType, object: object, request: ReturnType<typeof eventRequest>): void;
}

/** Stripe's answer for a card its bank refuses while it is being set up (no money moves). */
function setupDecline(method: PaymentMethodRecord): { type: string; code: string; decline_code: string; message: string } | null {
  const token = method.card.chargeToken;
  if (!token.startsWith('tok_chargeDeclined')) return null;
  const insufficient = token === 'tok_chargeDeclinedInsufficientFunds';
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
    message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
  };
}

/**
 * SetupIntents (`POST /v1/setup_intents`, retrieve, cancel), modelled on Stripe's documented
 * behaviour: confirming one with a card checks it without charging; a declined card fails with
 * Stripe's 402 card error; a card that always asks for 3-D Secure, or asks unless set up,
 * answers `requires_action`; a success attaches the card to the customer and marks it set up
 * for later off-session charges. Idempotency keys are the emulator's own (stripe-stateful-mock).
 */
export class SetupIntents {
  private readonly intents = new Map<string, SetupIntent>();

  constructor(private readonly host: SetupIntentHost) {}

  routes(app: ExpressApp): void {
    app.post('/v1/setup_intents', (req, res) => this.create(req, res));
    app.get('/v1/setup_intents/:id', (req, res) => res.status(200).json(this.find(req.params.id)));
    app.post('/v1/setup_intents/:id/cancel', (req, res) => this.cancel(req, res));
  }

  /** Every SetupIntent made so far (tests count them). */
  all(): SetupIntent[] {
    return [...this.intents.values()].map((intent) => structuredClone(intent));
  }

  reset(): void {
    this.intents.clear();
  }

  private create(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, ['customer', 'payment_method', 'confirm', 'usage', 'metadata', 'description', 'automatic_payment_methods', 'expand', 'return_url']);
    const usage = readString(body, 'usage') ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session') throw restError(400, { type: 'invalid_request_error', param: 'usage', message: 'Invalid usage.' });
    const id = randomId('seti_', 24);
    const intent: SetupIntent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomId('', 25)}`,
      created: now(),
      customer: this.host.customerOf(body),
      description: readString(body, 'description') ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: applyMetadata({}, body),
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage,
    };
    const methodId = readString(body, 'payment_method');
    const method = methodId ? this.host.paymentMethodRecord(methodId, 'payment_method') : undefined;
    if (method) {
      intent.payment_method = method.method.id;
      intent.status = 'requires_confirmation';
    }
    this.intents.set(id, intent);
    const request = eventRequest(req, res);
    this.host.recordEvent('setup_intent.created', intent, request);
    if (readBoolean(body, 'confirm') && method) this.confirm(intent, method, request);
    const expanded = Array.isArray(body.expand) && body.expand.includes('payment_method') && method;
    res.status(200).json(expanded ? { ...intent, payment_method: snapshot(method.method) } : intent);
  }

  private confirm(intent: SetupIntent, method: PaymentMethodRecord, request: ReturnType<typeof eventRequest>): void {
    if (method.method.customer && intent.customer && method.method.customer !== intent.customer) {
      throw restError(400, { type: 'invalid_request_error', param: 'payment_method', message: MESSAGES.otherCustomer(method.method.id, intent.customer) });
    }
    if (method.card.authentication !== 'never') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      this.host.recordEvent('setup_intent.requires_action', intent, request);
      return;
    }
    const decline = setupDecline(method);
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_setup_error = { ...decline, payment_method: snapshot(method.method) };
      this.host.recordEvent('setup_intent.setup_failed', intent, request);
      throw restError(402, { ...decline, setup_intent: snapshot(intent) as unknown as Record<string, unknown> });
    }
    intent.status = 'succeeded';
    method.setUp = true;
    if (intent.customer && method.method.customer !== intent.customer) {
      method.method.customer = intent.customer;
      method.consumed = false;
      this.host.recordEvent('payment_method.attached', method.method, request);
    }
    this.host.recordEvent('setup_intent.succeeded', intent, request);
  }

  private cancel(req: Request, res: Response): void {
    const intent = this.find(req.params.id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw restError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
      });
    }
    intent.status = 'canceled';
    intent.next_action = null;
    this.host.recordEvent('setup_intent.canceled', intent, eventRequest(req, res));
    res.status(200).json(intent);
  }

  private find(id: string | undefined): SetupIntent {
    const intent = this.intents.get(id ?? '');
    if (!intent)
      throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: MESSAGES.noSuch('setup_intent', id ?? '') });
    return intent;
  }
}
