import { newRequestKey } from '../api/request-key.js';

/** How a checkout attempt ended, as far as retrying goes. */
export type AttemptOutcome = 'placed' | 'refused' | 'unknown';

/** A new random key (checkout cannot go without one, unlike an add to cart). */
function randomKey(): string {
  const key = newRequestKey();
  if (!key) throw new Error('This browser has no random source for a checkout key.');
  return key;
}

/**
 * Idempotency keys for checkout: one key per attempt. When an attempt's outcome is unknown
 * (network failure, 5xx, still in progress) the same request sent again reuses its key, so the
 * server answers with the first order instead of charging twice. A changed request, or one
 * after a clear refusal, gets a new key.
 */
export class AttemptKeys {
  private open: { key: string; request: string } | null = null;

  constructor(private readonly newKey: () => string = randomKey) {}

  /** The key to send with `request` (a JSON-serialisable body). */
  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    if (this.open && this.open.request === text) return this.open.key;
    this.open = { key: this.newKey(), request: text };
    return this.open.key;
  }

  /** Records how the last attempt ended; only an unknown outcome keeps its key for a retry. */
  settle(outcome: AttemptOutcome): void {
    if (outcome !== 'unknown') this.open = null;
  }
}

/** Classifies a failed request's HTTP status (0: no response) for {@link AttemptKeys.settle}. */
export function outcomeOfStatus(status: number): AttemptOutcome {
  return status === 0 || status >= 500 || status === 409 || status === 408 ? 'unknown' : 'refused';
}
