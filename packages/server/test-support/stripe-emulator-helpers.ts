/** Helpers of the Stripe emulator: redirects, signed deliveries, Stripe-shaped errors (see stripe-emulator.ts). */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Stripe from 'stripe';
import type { Params, Request, Response, StripeErrorBody, RestErrorLike, StatefulMock } from './stripe-emulator-objects.js';
import { type SetupFutureUsage, type PaymentIntent, MESSAGES } from './stripe-emulator-objects.js';
import type { StripeEvent } from './stripe-emulator-objects.js';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Where Stripe sends the customer after the redirect: return_url with the intent and its outcome in the query. */
export function returnTarget(intent: PaymentIntent, returnUrl: string): string {
  const target = new URL(returnUrl);
  target.searchParams.set('payment_intent', intent.id);
  target.searchParams.set('payment_intent_client_secret', intent.client_secret);
  target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return target.href;
}

export function signedDelivery(event: StripeEvent, secret: string): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export async function postDelivery(url: string, delivery: { payload: string; header: string }): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
      body: delivery.payload,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export async function stopServer(server: Server, emulator: { settle(): Promise<void> }): Promise<void> {
  await emulator.settle();
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export function sendError(res: Response, error: unknown): void {
  if (isRestError(error)) {
    res.status(error.statusCode).json({ error: error.error });
    return;
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ error: { type: 'invalid_request_error', message: `Invalid request: ${(error as Error).message}` } });
    return;
  }
  res.status(500).json({ error: { type: 'api_error', message: `Stripe emulator error: ${error instanceof Error ? error.message : String(error)}` } });
}

export function restError(statusCode: number, error: StripeErrorBody): RestErrorLike & Error {
  return Object.assign(new Error(error.message), { statusCode, error });
}

export function invalidParam(param: string, message: string): RestErrorLike & Error {
  return restError(400, { type: 'invalid_request_error', param, message });
}

export function isRestError(error: unknown): error is RestErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<RestErrorLike>;
  return typeof candidate.statusCode === 'number' && typeof candidate.error === 'object' && candidate.error !== null;
}

export function assertKnownParams(body: Params, known: readonly string[]): void {
  const unknown = Object.keys(body).find((param) => param !== 'expand' && !known.includes(param));
  if (unknown) throw restError(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: unknown, message: MESSAGES.unknownParameter(unknown) });
}

export function readString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

export function readObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParam(name, `Invalid object: ${name}`);
  return value as Params;
}

export function readStringArray(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw invalidParam(name, `Invalid array: ${name}`);
  return value as string[];
}

export function readBoolean(params: Params, name: string): boolean | undefined {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

/** `off_session` is a boolean, or `one_off` / `recurring`. */
export function readOffSession(params: Params): boolean {
  const value = readString(params, 'off_session');
  if (value === undefined || value === 'false') return false;
  if (value === 'true' || value === 'one_off' || value === 'recurring') return true;
  throw invalidParam('off_session', `Invalid off_session: ${value}`);
}

export function required<T>(value: T | undefined, param: string): T {
  if (value === undefined)
    throw restError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
  return value;
}

export function readAmount(params: Params): number | undefined {
  const value = readString(params, 'amount');
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw restError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'amount',
      message: 'This value must be greater than or equal to 1.',
    });
  }
  if (Number(value) > 99_999_999)
    throw restError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: 'Amount must be no more than $999,999.99' });
  return Number(value);
}

export function readCurrency(params: Params, mock: StatefulMock): string | undefined {
  const value = readString(params, 'currency')?.toLowerCase();
  if (value !== undefined) mock.verify.currency(value, 'currency');
  return value;
}

/** The emulator has cards only: allowed_payment_method_types must include `card`. */
export function readPaymentMethodTypes(params: Params): string[] | undefined {
  const types = readStringArray(params, 'allowed_payment_method_types');
  if (types && !types.includes('card')) throw invalidParam('allowed_payment_method_types', 'The Stripe emulator has card payments only: include card.');
  return types;
}

/** Stripe turns automatic payment methods on unless allowed_payment_method_types is given. */
export function readAutomaticPaymentMethods(params: Params, allowedTypes: string[] | undefined): PaymentIntent['automatic_payment_methods'] {
  const automatic = readObject(params, 'automatic_payment_methods');
  if (!automatic) return allowedTypes ? null : { enabled: true, allow_redirects: 'always' };
  const allowRedirects = readString(automatic, 'allow_redirects') ?? 'always';
  if (allowRedirects !== 'always' && allowRedirects !== 'never')
    throw invalidParam('automatic_payment_methods[allow_redirects]', 'Invalid allow_redirects: must be one of always or never');
  return { enabled: required(readBoolean(automatic, 'enabled'), 'automatic_payment_methods[enabled]'), allow_redirects: allowRedirects };
}

export function readSetupFutureUsage(params: Params): SetupFutureUsage | undefined {
  const value = readString(params, 'setup_future_usage');
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (value !== 'on_session' && value !== 'off_session')
    throw invalidParam('setup_future_usage', 'Invalid setup_future_usage: must be one of on_session or off_session');
  return value;
}

/** Stripe's metadata rules: keys merge, an empty value removes its key, `metadata=''` removes all. */
export function applyMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  const updates = readObject(params, 'metadata') ?? {};
  const next = { ...current };
  for (const [key, item] of Object.entries(updates)) {
    if (typeof item !== 'string') throw invalidParam(`metadata[${key}]`, 'Invalid value: metadata values must be strings.');
    if (item === '') delete next[key];
    else next[key] = item;
  }
  return next;
}

/** A Stripe list, newest first, with `limit` (1–100, default 10) and `starting_after`. */
export function listOf<T extends { id: string }>(items: T[], query: Params, url: string): { object: 'list'; data: T[]; has_more: boolean; url: string } {
  const limit = Math.min(Math.max(Number(readString(query, 'limit') ?? 10) || 10, 1), 100);
  const after = readString(query, 'starting_after');
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}

export function eventRequest(req: Request, res: Response): StripeEvent['request'] {
  return { id: res.get('request-id') ?? null, idempotency_key: req.header('idempotency-key') ?? null };
}

export function snapshot<T>(value: T): T {
  return structuredClone(value);
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomId(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

export function formatAmount(intent: PaymentIntent): string {
  return `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
