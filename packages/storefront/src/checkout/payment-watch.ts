import type { OrderPaymentJson, OrderPaymentStatus } from './payment-api.js';

/** How often the order received page asks for the payment's outcome. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
/** How long it asks before saying the payment is still being confirmed. */
export const PAYMENT_POLL_LIMIT_MS = 120_000;

/** What the order received page shows. */
export type PaymentWatchState =
  | { readonly phase: 'waiting' }
  | { readonly phase: 'paid' }
  | { readonly phase: 'failed'; readonly message?: string }
  /** Refunded or disputed before the page heard it was paid: the order status page tells the rest. */
  | { readonly phase: 'changed' }
  /** Still pending when the page stopped asking. */
  | { readonly phase: 'still-pending' };

/** The page's state for a payment status (pending is still waiting). */
export function watchStateOf(status: OrderPaymentStatus, message?: string): PaymentWatchState {
  switch (status) {
    case 'pending':
      return { phase: 'waiting' };
    case 'paid':
    case 'partially_refunded':
      return { phase: 'paid' };
    case 'failed':
      return message ? { phase: 'failed', message } : { phase: 'failed' };
    case 'refunded':
    case 'disputed':
      return { phase: 'changed' };
  }
}

/** Options of {@link watchPayment}. */
export interface PaymentWatchOptions {
  /** Asks the server; a rejection (network, server error) is retried at the next tick. */
  readonly fetchStatus: (signal: AbortSignal) => Promise<OrderPaymentJson>;
  /** Called once, with the first state other than waiting. */
  readonly onSettled: (state: PaymentWatchState) => void;
  readonly intervalMs?: number;
  readonly limitMs?: number;
}

/**
 * Asks for a payment's status at once, then every {@link PAYMENT_POLL_INTERVAL_MS} (one request
 * at a time) until it is no longer pending or {@link PAYMENT_POLL_LIMIT_MS} has passed, and
 * reports the outcome once. Returns a function that stops asking.
 */
export function watchPayment(options: PaymentWatchOptions): () => void {
  const interval = options.intervalMs ?? PAYMENT_POLL_INTERVAL_MS;
  const deadline = Date.now() + (options.limitMs ?? PAYMENT_POLL_LIMIT_MS);
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    abort.abort();
  };
  const settle = (state: PaymentWatchState) => {
    stop();
    options.onSettled(state);
  };
  const ask = async () => {
    const answer = await options.fetchStatus(abort.signal).catch(() => undefined);
    if (stopped) return;
    const state = answer ? watchStateOf(answer.paymentStatus, answer.message) : { phase: 'waiting' as const };
    if (state.phase !== 'waiting') return settle(state);
    if (Date.now() + interval > deadline) return settle({ phase: 'still-pending' });
    timer = setTimeout(() => void ask(), interval);
  };
  void ask();
  return stop;
}
