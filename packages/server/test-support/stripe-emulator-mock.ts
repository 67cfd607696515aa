/** The Stripe emulator's base: stripe-stateful-mock and express, typed locally (see stripe-emulator.ts). */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import Stripe from 'stripe';
import type { PaymentIntent, PaymentMethod } from './stripe-emulator-objects.js';

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
