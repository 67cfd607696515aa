import { matchPageRoute } from '../pages/index.js';

/**
 * The page type a path is reported under: the storefront route it names (home, collection,
 * item, cart, checkout, order-confirmed, order-status, subscription-checkout, search,
 * not-found).
 */
export function pageTypeOf(path: string): string {
  return matchPageRoute(path).kind;
}
