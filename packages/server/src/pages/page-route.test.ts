import { describe, expect, it } from 'vitest';
import { matchPageRoute, type PageRoute } from './page-route.js';

const CASES: [string, PageRoute][] = [
  ['/', { kind: 'home' }],
  ['', { kind: 'home' }],
  ['/cart', { kind: 'cart' }],
  ['/cart/', { kind: 'cart' }],
  ['/checkout', { kind: 'checkout' }],
  ['/checkout/order-confirmed/abc123', { kind: 'order-confirmed', orderId: 'abc123' }],
  ['/search', { kind: 'search' }],
  ['/shop', { kind: 'collection', collectionUrlId: 'shop' }],
  ['/shop/', { kind: 'collection', collectionUrlId: 'shop' }],
  ['/shop/linen-shirt', { kind: 'item', collectionUrlId: 'shop', itemUrlId: 'linen-shirt' }],
  ['/journal/caf%C3%A9', { kind: 'not-found' }],
  ['/journal/post%20one', { kind: 'not-found' }],
  ['/a/b/c', { kind: 'not-found' }],
  ['/cart/extra', { kind: 'not-found' }],
  ['/checkout/order-confirmed', { kind: 'not-found' }],
  ['/api/thing', { kind: 'not-found' }],
  ['/assets/x', { kind: 'not-found' }],
  ['/static', { kind: 'not-found' }],
  ['/%E0%A4%A', { kind: 'not-found' }],
  ['/..', { kind: 'not-found' }],
  ['/shop/..', { kind: 'not-found' }],
];

describe('matchPageRoute (spec section 2 routes)', () => {
  it.each(CASES)('%s', (path, expected) => {
    expect(matchPageRoute(path)).toEqual(expected);
  });
});
