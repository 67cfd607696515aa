import { parseMoney } from '../../ui/money.js';

/**
 * Store settings take money in the store's currency with two decimals (the server stores minor
 * units); the screens show it the same way.
 */
export function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Typed money in minor units; null when it is no amount. */
export function centsOf(text: string): number | null {
  return parseMoney(text, 'USD');
}
