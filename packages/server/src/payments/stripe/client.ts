import Stripe from 'stripe';

/**
 * A Stripe API client for one secret key, pointed at `apiUrl` when given (a local emulator in
 * tests; Stripe itself otherwise). The client retries network failures twice with the same
 * idempotency key, which Stripe answers with the first result.
 */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Emporium' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port ? Number(target.port) : target.protocol === 'https:' ? 443 : 80,
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Currencies whose amounts Stripe counts differently from their ISO minor units (refused rather than charged wrongly). */
export const STRIPE_SPECIAL_CURRENCIES: ReadonlySet<string> = new Set(['ISK', 'HUF', 'TWD', 'UGX']);

/** The amount Stripe is sent: the integer minor units of the currency; Stripe's currency codes are lower case. */
export function stripeAmount(money: { value: number; currency: string }): { amount: number; currency: string } {
  if (!Number.isSafeInteger(money.value) || money.value < 0) throw new Error(`not an amount in minor units: ${money.value}`);
  return { amount: money.value, currency: money.currency.toLowerCase() };
}
