import type { ExpressApp, Request, Response, StatefulMock } from './stripe-emulator-objects.js';
import { ACCOUNT } from './stripe-emulator-objects.js';
import { type EventLog, NO_REQUEST } from './stripe-emulator-events.js';
import type { PaymentIntents } from './stripe-emulator-payment-intents.js';
import { escapeHtml, formatAmount, invalidParam, readBoolean, readString, returnTarget } from './stripe-emulator-helpers.js';

/** What the test controls need of the emulator: its current stripe-stateful-mock, PaymentIntents, event log and a reset. */
export interface TestControlHost {
  mock(): StatefulMock;
  intents: PaymentIntents;
  events: EventLog;
  reset(): void;
}

/**
 * The emulator's own routes under `/_emulator/` (not Stripe): the 3-D Secure page a customer is
 * sent to and its outcome, a dispute opened by the bank, and a reset of every object.
 */
export class TestControls {
  constructor(private readonly host: TestControlHost) {}

  routes(app: ExpressApp): void {
    app.get('/_emulator/authenticate/:id', (req, res) => this.authenticationPage(req, res));
    app.post('/_emulator/authenticate/:id', (req, res) => this.authenticate(req, res));
    app.post('/_emulator/disputes', (req, res) => this.openDispute(req, res));
    app.post('/_emulator/reset', (_req, res) => {
      this.host.reset();
      res.status(200).json({ reset: true });
    });
  }

  private authenticationPage(req: Request, res: Response): void {
    const record = this.host.intents.lookup(req.params.id);
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
    const record = this.host.intents.find(req.params.id);
    const outcome = readString(req.body, 'outcome');
    if (outcome !== 'succeed' && outcome !== 'fail') throw invalidParam('outcome', 'outcome must be succeed or fail');
    this.host.intents.finishAuthentication(record, outcome, NO_REQUEST);
    if (readBoolean(req.body, 'redirect') && record.returnUrl) {
      res.redirect(303, returnTarget(record.intent, record.returnUrl));
      return;
    }
    res.status(200).json(record.intent);
  }

  /** Opens a dispute (reason fraudulent, or product_not_received) on a succeeded PaymentIntent's charge. */
  private openDispute(req: Request, res: Response): void {
    const { intent } = this.host.intents.find(readString(req.body, 'payment_intent') ?? '');
    if (intent.status !== 'succeeded' || !intent.latest_charge) throw invalidParam('payment_intent', `${intent.id} has no successful charge to dispute.`);
    const reason = readString(req.body, 'reason') ?? 'fraudulent';
    const token = { fraudulent: 'tok_createDispute', product_not_received: 'tok_createDisputeProductNotReceived' }[reason];
    if (!token) throw invalidParam('reason', 'reason must be fraudulent or product_not_received');
    const mock = this.host.mock();
    const charge = mock.charges.retrieve(ACCOUNT, intent.latest_charge, 'charge');
    if (charge.dispute) throw invalidParam('payment_intent', `Charge ${charge.id} is already disputed.`);
    const dispute = mock.disputes.createFromSource(ACCOUNT, token, charge, true);
    dispute.payment_intent = intent.id;
    charge.dispute = dispute.id;
    charge.disputed = true;
    this.host.events.record('charge.dispute.created', dispute, NO_REQUEST);
    res.status(200).json(dispute);
  }
}
