import type { ExpressApp, Request, Response, StatefulMock } from './stripe-emulator-objects.js';
import { ACCOUNT, MESSAGES } from './stripe-emulator-objects.js';
import type { EventLog } from './stripe-emulator-events.js';
import type { PaymentIntents } from './stripe-emulator-payment-intents.js';
import { assertKnownParams, eventRequest, invalidParam, readString, restError } from './stripe-emulator-helpers.js';

/** What the refunds need of the emulator: its current stripe-stateful-mock, PaymentIntents and event log. */
export interface RefundHost {
  mock(): StatefulMock;
  intents: PaymentIntents;
  events: EventLog;
}

/**
 * Refunds (`POST /v1/refunds`) of a charge or of a PaymentIntent's charge: the emulator resolves
 * `payment_intent` to its charge; stripe-stateful-mock makes the refund and refuses more than is left.
 */
export class Refunds {
  constructor(private readonly host: RefundHost) {}

  routes(app: ExpressApp): void {
    app.post('/v1/refunds', (req, res) => this.create(req, res));
  }

  private create(req: Request, res: Response): void {
    const body = req.body;
    assertKnownParams(body, ['charge', 'payment_intent', 'amount', 'reason', 'metadata']);
    const intentId = readString(body, 'payment_intent');
    let chargeId = readString(body, 'charge');
    if (intentId) {
      const { intent } = this.host.intents.find(intentId);
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
    const mock = this.host.mock();
    const refund = mock.refunds.create(ACCOUNT, { ...params, charge: chargeId });
    const charge = mock.charges.retrieve(ACCOUNT, chargeId, 'charge');
    refund.payment_intent = charge.payment_intent;
    const request = eventRequest(req, res);
    this.host.events.record('charge.refunded', charge, request);
    this.host.events.record('refund.created', refund, request);
    res.status(200).json(refund);
  }
}
