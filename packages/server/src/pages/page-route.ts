/** What a storefront URL path asks for. */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'order-confirmed'; orderId: string }
  | { kind: 'order-received'; orderId: string }
  | { kind: 'subscription-checkout' }
  | { kind: 'order-status'; orderId: string }
  | { kind: 'donate' }
  | { kind: 'contribution-confirmed'; donationId: string }
  | { kind: 'membership-confirmed'; areaId: string }
  | { kind: 'search' }
  | { kind: 'collection'; collectionUrlId: string }
  | { kind: 'item'; collectionUrlId: string; itemUrlId: string }
  | { kind: 'not-found' };

/** First path segments the storefront reserves; collections cannot use them as URL ids. */
export const RESERVED_SEGMENTS = ['api', 'assets', 'static', 'cart', 'checkout', 'search', 'config', 'account', 'commerce', 'settings'] as const;

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

function decodeSegment(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return SEGMENT.test(value) ? value : null;
}

/**
 * Maps a URL path (without query) to the page it names, following spec section 2:
 * `/`, `/cart`, `/checkout`, `/checkout/subscription`, `/checkout/order-confirmed/{orderId}`,
 * `/checkout/order-received/{orderId}`, `/checkout/order-status/{orderId}`, `/checkout/donate`,
 * `/checkout/contribution-confirmed/{donationId}`, `/checkout/membership-confirmed/{areaId}`, `/search`,
 * `/{collectionUrlId}` and `/{collectionUrlId}/{itemUrlId}`. A trailing slash is ignored;
 * anything else is not found.
 */
export function matchPageRoute(path: string): PageRoute {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/' || trimmed === '') return { kind: 'home' };
  const raw = trimmed.slice(1).split('/');
  const parts = raw.map(decodeSegment);
  if (parts.some((p) => p === null)) return { kind: 'not-found' };
  const [first, second, third] = parts as string[];
  if (first === 'cart' && parts.length === 1) return { kind: 'cart' };
  if (first === 'search' && parts.length === 1) return { kind: 'search' };
  if (first === 'checkout' && parts.length === 1) return { kind: 'checkout' };
  if (first === 'checkout' && second === 'subscription' && parts.length === 2) return { kind: 'subscription-checkout' };
  if (first === 'checkout' && second === 'order-confirmed' && third && parts.length === 3) {
    return { kind: 'order-confirmed', orderId: third };
  }
  if (first === 'checkout' && second === 'order-received' && third && parts.length === 3) return { kind: 'order-received', orderId: third };
  if (first === 'checkout' && second === 'order-status' && third && parts.length === 3) return { kind: 'order-status', orderId: third };
  if (first === 'checkout' && second === 'donate' && parts.length === 2) return { kind: 'donate' };
  if (first === 'checkout' && second === 'contribution-confirmed' && third && parts.length === 3) return { kind: 'contribution-confirmed', donationId: third };
  if (first === 'checkout' && second === 'membership-confirmed' && third && parts.length === 3) return { kind: 'membership-confirmed', areaId: third };
  if ((RESERVED_SEGMENTS as readonly string[]).includes(first!)) return { kind: 'not-found' };
  if (parts.length === 1) return { kind: 'collection', collectionUrlId: first! };
  if (parts.length === 2) return { kind: 'item', collectionUrlId: first!, itemUrlId: second! };
  return { kind: 'not-found' };
}
