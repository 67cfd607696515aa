import { describe, expect, it } from 'vitest';
import type { StoredAdd } from './add-keys.js';
import { keyedAddDecision } from './keyed-add.js';

const created: StoredAdd = { requestCartId: null, cartId: 'new-cart', newCart: true, status: 200, bodyJson: '{}' };
const intoOld: StoredAdd = { requestCartId: 'old-cart', cartId: 'old-cart', newCart: false, status: 200, bodyJson: '{}' };

describe('keyedAddDecision', () => {
  it('lets an unknown key add', () => {
    expect(keyedAddDecision(undefined, undefined, 'h')).toBeUndefined();
  });

  it.each([
    ['a cookie-less repeat of an add that created the cart', created, undefined, 'replayed'],
    ['a repeat carrying the cookie the first answer set', created, 'new-cart', 'replayed'],
    ['a repeat from the same cart', intoOld, 'old-cart', 'replayed'],
    ['the key from another cart', created, 'someone-else', 'mismatch'],
    ['a cookie-less request with the key of an add into an existing cart', intoOld, undefined, 'mismatch'],
  ] as const)('%s: %s', (_name, stored, cartId, kind) => {
    expect(keyedAddDecision({ requestHash: 'h', stored }, cartId, 'h')?.kind).toBe(kind);
  });

  it('refuses another body, even before the first add stored its answer', () => {
    expect(keyedAddDecision({ requestHash: 'h', stored: intoOld }, 'old-cart', 'other')?.kind).toBe('mismatch');
    expect(keyedAddDecision({ requestHash: 'h', stored: undefined }, 'old-cart', 'other')?.kind).toBe('mismatch');
  });

  it('reports a key whose first add has not stored its answer as pending', () => {
    expect(keyedAddDecision({ requestHash: 'h', stored: undefined }, 'old-cart', 'h')?.kind).toBe('pending');
  });
});
