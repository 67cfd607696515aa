import Stripe from 'stripe';
import type { ExpressApp, Request, Response, StripeEvent, StripeEventType } from './stripe-emulator-objects.js';
import { MESSAGES } from './stripe-emulator-objects.js';
import { listOf, now, postDelivery, randomId, readString, restError, signedDelivery, snapshot } from './stripe-emulator-helpers.js';

export type EventRequest = StripeEvent['request'];
/** The request of an event that no API call caused (a test control acting as the customer or the bank). */
export const NO_REQUEST: EventRequest = Object.freeze({ id: null, idempotency_key: null });

/**
 * The emulator's event log (`GET /v1/events`, retrieve) and its webhook deliveries: each event is
 * posted, signed, to the configured webhook as it happens (one attempt, no retries), or later by
 * `deliverAll`.
 */
export class EventLog {
  events: StripeEvent[] = [];
  private deliveredCount = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly webhook: { url: string; secret: string } | null) {}

  routes(app: ExpressApp): void {
    app.get('/v1/events', (req, res) => this.list(req, res));
    app.get('/v1/events/:id', (req, res) => res.status(200).json(this.find(req.params.id)));
  }

  record(type: StripeEventType, object: object, request: EventRequest): void {
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

  /** Drops the events about the object `id` (an object Stripe ends up not creating). */
  forget(id: string): void {
    this.events = this.events.filter((event) => event.data.object.id !== id);
  }

  async deliverAll(url: string, secret: string): Promise<number[]> {
    const pending = this.events.slice(this.deliveredCount);
    this.deliveredCount = this.events.length;
    const statuses: number[] = [];
    for (const event of pending) statuses.push(await postDelivery(url, signedDelivery(event, secret)));
    return statuses;
  }

  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  reset(): void {
    this.events = [];
    this.deliveredCount = 0;
  }

  private list(req: Request, res: Response): void {
    const type = readString(req.query, 'type');
    const matches = (eventType: string) => !type || (type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
    const events = this.events.filter((event) => matches(event.type)).reverse();
    res.status(200).json(listOf(events, req.query, '/v1/events'));
  }

  private find(id: string): StripeEvent {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw restError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: MESSAGES.noSuch('event', id) });
    return event;
  }

  private track(delivery: Promise<unknown>): void {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }
}
