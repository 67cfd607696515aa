import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import Stripe from 'stripe';

// ---------------------------------------------------------------------------------------------
// Stripe objects (ours)
// ---------------------------------------------------------------------------------------------

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export type SetupFutureUsage = 'on_session' | 'off_session' | null;

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } } | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_options: { card: { request_three_d_secure: 'automatic' } };
  /** What Stripe offers from allowed_payment_method_types; the emulator has cards only. */
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: SetupFutureUsage;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: PaymentIntentStatus;
  transfer_group: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  billing_details: { address: null; email: null; name: null; phone: null };
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string; fingerprint: string };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
}

/** When a test card asks the cardholder to authenticate (3-D Secure). */
export type Authentication = 'never' | 'always' | 'unless_set_up';

export interface TestCard {
  /** Stripe's PaymentMethod shortcut for this card. */
  paymentMethod: string;
  /** Stripe's card token, when stripe-stateful-mock knows it. */
  token: string | null;
  /** The stripe-stateful-mock token whose charge behaves as this card does once authenticated. */
  chargeToken: string;
  brand: string;
  last4: string;
  authentication: Authentication;
}

/** Stripe's test cards (docs.stripe.com/testing), one row each. */
export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  card('pm_card_visa', 'tok_visa', 'visa', '4242'),
  card('pm_card_visa_debit', 'tok_visa_debit', 'visa', '5556'),
  card('pm_card_mastercard', 'tok_mastercard', 'mastercard', '4444'),
  card('pm_card_amex', 'tok_amex', 'amex', '8431'),
  card('pm_card_chargeDeclined', 'tok_chargeDeclined', 'visa', '0002'),
  card('pm_card_chargeDeclinedInsufficientFunds', 'tok_chargeDeclinedInsufficientFunds', 'visa', '9995'),
  card('pm_card_chargeDeclinedFraudulent', 'tok_chargeDeclinedFraudulent', 'visa', '0019'),
  card('pm_card_chargeDeclinedExpiredCard', 'tok_chargeDeclinedExpiredCard', 'visa', '0069'),
  card('pm_card_chargeDeclinedIncorrectCvc', 'tok_chargeDeclinedIncorrectCvc', 'visa', '0127'),
  card('pm_card_chargeDeclinedProcessingError', 'tok_chargeDeclinedProcessingError', 'visa', '0119'),
  // 4000 0000 0000 0341: attaching to a customer succeeds, every charge is declined.
  card('pm_card_chargeCustomerFail', 'tok_chargeCustomerFail', 'visa', '0341'),
  card('pm_card_riskLevelElevated', 'tok_riskLevelElevated', 'visa', '9235'),
  { paymentMethod: 'pm_card_authenticationRequired', token: null, chargeToken: 'tok_visa', brand: 'visa', last4: '3184', authentication: 'always' },
  { paymentMethod: 'pm_card_threeDSecure2Required', token: null, chargeToken: 'tok_visa', brand: 'visa', last4: '3220', authentication: 'always' },
  {
    paymentMethod: 'pm_card_authenticationRequiredOnSetup',
    token: null,
    chargeToken: 'tok_visa',
    brand: 'visa',
    last4: '3155',
    authentication: 'unless_set_up',
  },
]);

export function card(paymentMethod: string, token: string, brand: string, last4: string): TestCard {
  return { paymentMethod, token, chargeToken: token, brand, last4, authentication: 'never' };
}

export interface IntentRecord {
  intent: PaymentIntent;
  /** Where the 3-D Secure page sends the customer afterwards (the confirm's return_url). */
  returnUrl: string | null;
}

export interface PaymentMethodRecord {
  method: PaymentMethod;
  card: TestCard;
  /** Charged without being attached to a customer: Stripe refuses to use it again. */
  consumed: boolean;
  /** Authenticated for later use (attached through setup_future_usage). */
  setUp: boolean;
}

/** Parameters the `stripe` package's API version removed (see its CHANGELOG for 23.0.0), with what replaced them. */
export const RENAMED_PARAMS: Readonly<Record<string, string>> = Object.freeze({ payment_method_types: 'allowed_payment_method_types' });

/** Stripe's texts for the refusals the emulator models. */
export const MESSAGES = Object.freeze({
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  authenticationFailed:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
  missingPaymentMethod:
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  alreadySucceeded: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
  consumedPaymentMethod:
    'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
  alreadyAttached: 'The payment method you provided has already been attached to a customer.',
  rawCardData: 'Sending credit card numbers directly to the Stripe API is generally unsafe. The emulator accepts only card[token] (tok_visa, ...).',
  cannotConfirm: (status: string) =>
    `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
  cannotCancel: (status: string) =>
    `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
  cannotUpdate: (param: string, status: string) =>
    `This PaymentIntent's ${param} could not be updated because it has a status of ${status}. You may only update the ${param} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
  noSuccessfulCharge: (id: string) => `This PaymentIntent (${id}) does not have a successful charge to refund.`,
  otherCustomer: (method: string, customer: string) => `The provided PaymentMethod ${method} does not belong to Customer ${customer}.`,
  attachedNeedsCustomer: (method: string) =>
    `The provided PaymentMethod ${method} is attached to a Customer. To use it, you must also provide the Customer ID in the customer parameter.`,
  unknownParameter: (param: string) =>
    param in RENAMED_PARAMS
      ? `Received unknown parameter: ${param}. Since API version ${Stripe.API_VERSION} it is ${RENAMED_PARAMS[param]}.`
      : `Received unknown parameter: ${param} (the Stripe emulator does not model it)`,
  noSuch: (kind: string, id: string) => `No such ${kind}: '${id}'`,
});

/** The event types the emulator records, each for the state change Stripe documents it for. */
export type StripeEventType =
  | 'payment_intent.created'
  | 'payment_intent.requires_action'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'payment_method.attached'
  | 'setup_intent.created'
  | 'setup_intent.requires_action'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.canceled'
  | 'payment_method.detached'
  | 'charge.succeeded'
  | 'charge.failed'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'refund.created';

/** A recorded event, shaped as Stripe's Event object; `data.object` is a snapshot taken when it happened. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: StripeEventType;
  data: { object: Record<string, unknown> };
  /** The API request that caused the event; both null for events caused by a test control. */
  request: { id: string | null; idempotency_key: string | null };
}

// ---------------------------------------------------------------------------------------------
// stripe-stateful-mock and express, typed locally (neither ships type declarations)
// ---------------------------------------------------------------------------------------------

export type Params = Record<string, unknown>;

export interface Request {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Params;
  body: Params;
  header(name: string): string | undefined;
}

export interface Response {
  status(code: number): Response;
  set(name: string, value: string): Response;
  get(name: string): string | undefined;
  type(contentType: string): Response;
  json(body: unknown): Response;
  send(body: unknown): Response;
  redirect(status: number, url: string): void;
}

export type Next = (error?: unknown) => void;
export type Middleware = (req: Request, res: Response, next: Next) => void;
export type ErrorMiddleware = (error: unknown, req: Request, res: Response, next: Next) => void;

export interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  use(handler: Middleware): void;
  use(handler: ErrorMiddleware): void;
  get(path: string, handler: Middleware): void;
  post(path: string, handler: Middleware): void;
  set(setting: string, value: unknown): void;
}

/** Stripe's error body: `{ error: StripeErrorBody }`. */
export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: PaymentIntent;
  payment_method?: PaymentMethod;
  /** The SetupIntent a card error happened on (test-support/stripe-emulator-setup-intents.ts). */
  setup_intent?: Record<string, unknown>;
}

/** stripe-stateful-mock's RestError, and ours: an HTTP status with a Stripe error body. */
export interface RestErrorLike {
  statusCode: number;
  error: StripeErrorBody;
}

export interface MockCharge {
  id: string;
  amount: number;
  amount_refunded: number;
  status: string;
  customer: string | null;
  dispute: string | null;
  disputed: boolean;
  payment_intent: string | null;
  payment_method: string;
  payment_method_details: { card: { brand: string; last4: string } };
}

export interface MockRefund {
  id: string;
  charge: string;
  payment_intent: string | null;
}

export interface MockDispute {
  id: string;
  payment_intent: string | null;
}

/** The parts of one loaded copy of stripe-stateful-mock that the emulator uses. */
export interface StatefulMock {
  routes: Middleware;
  authRoute: Middleware;
  idempotencyRoute: Middleware;
  charges: { create(accountId: string, params: Params): MockCharge; retrieve(accountId: string, id: string, param: string): MockCharge };
  refunds: { create(accountId: string, params: Params): MockRefund };
  customers: { retrieve(accountId: string, id: string, param: string): { id: string } };
  disputes: { createFromSource(accountId: string, token: string, charge: MockCharge, reverseBalance: boolean): MockDispute };
  verify: { currency(currency: string, param: string): void };
}

export const requireHere = createRequire(import.meta.url);
export const mockDist = dirname(requireHere.resolve('stripe-stateful-mock'));
export const requireFromMock = createRequire(join(mockDist, 'index.js'));
export const express = requireFromMock('express') as () => ExpressApp;
export const bodyParser = requireFromMock('body-parser') as { urlencoded(options: { extended: boolean }): Middleware };

/** stripe-stateful-mock keeps its data in module state: a fresh copy of its modules is a fresh Stripe account. */
export function loadStatefulMock(): StatefulMock {
  for (const file of Object.keys(requireHere.cache)) {
    if (file.startsWith(mockDist + sep)) delete requireHere.cache[file];
  }
  const load = (file: string) => requireHere(join(mockDist, file));
  const routes = load('routes.js').routes as Middleware;
  return {
    routes,
    authRoute: load('api/auth.js').auth.authRoute,
    idempotencyRoute: load('api/idempotency.js').idempotencyRoute,
    charges: load('api/charges.js').charges,
    refunds: load('api/refunds.js').refunds,
    customers: load('api/customers.js').customers,
    disputes: load('api/disputes.js').disputes,
    verify: load('api/verify.js').verify,
  };
}

export const ACCOUNT = 'acct_default';
