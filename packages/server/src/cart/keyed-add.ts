import type { Db } from '../db/types.js';
import type { Website } from '../sites/index.js';
import { claimAddKey, findAddKey, pruneExpiredAddKeys, storeAddAnswer, type RememberedAdd, type StoredAdd } from './add-keys.js';
import { addPreparedEntry, prepareAdd, type AddEntryInput, type AddEntryResult } from './cart-entries.js';
import { priceCart, type PricedCart, type PricingSources } from './cart-pricing.js';

/** An add's idempotency key and the hash of its request body. */
export interface AddKey {
  key: string;
  hash: string;
}

/** How a keyed add was answered. */
export type KeyedAddOutcome =
  | { kind: 'added'; answer: StoredAdd }
  | { kind: 'replayed'; answer: StoredAdd }
  /** The key was used with another body, or for another visitor's cart. */
  | { kind: 'mismatch' }
  /** The first add with this key has not stored its answer. */
  | { kind: 'pending' };

class KeyTaken extends Error {}

/**
 * What a remembered key means for a request: a repeat (same body, and the cart cookie the first
 * add came with or the one its answer set) gets the first answer; anything else is a mismatch.
 */
export function keyedAddDecision(remembered: RememberedAdd | undefined, cartId: string | undefined, hash: string): KeyedAddOutcome | undefined {
  if (!remembered) return undefined;
  if (remembered.requestHash !== hash) return { kind: 'mismatch' };
  const stored = remembered.stored;
  if (!stored) return { kind: 'pending' };
  const sameVisitor = (cartId ?? null) === stored.requestCartId || cartId === stored.cartId;
  return sameVisitor ? { kind: 'replayed', answer: stored } : { kind: 'mismatch' };
}

/**
 * Adds to the visitor's cart once per idempotency key. In one transaction it claims the key
 * (see {@link claimAddKey}), adds (creating the cart when there is none), prices the cart and
 * stores the answer `toBody` makes of it, so a repeat, even a concurrent one on another server
 * process, gets the first answer and never adds or creates a cart again. The site's shipping
 * options and tax rules are read from `sources` before the transaction. A refused add stores
 * nothing: its key can be used again.
 */
export async function addEntryOnce(
  db: Db,
  site: Website,
  cartId: string | undefined,
  input: AddEntryInput,
  addKey: AddKey,
  sources: PricingSources,
  toBody: (priced: PricedCart, result: AddEntryResult) => unknown,
): Promise<KeyedAddOutcome> {
  const earlier = keyedAddDecision(await findAddKey(db, site.id, addKey.key), cartId, addKey.hash);
  if (earlier) return earlier;
  const prepared = await prepareAdd(db, site, input);
  const [shippingOptions, taxRules] = await Promise.all([sources.shippingOptions(), sources.taxRules()]);
  try {
    return await db.transaction(async (tx): Promise<KeyedAddOutcome> => {
      if (!(await claimAddKey(tx, site.id, addKey.key, addKey.hash))) throw new KeyTaken();
      const result = await addPreparedEntry(tx, site, cartId, prepared);
      const priced = await priceCart(tx, site, result.cart, result.entries, new Date(), {
        shippingOptions: async () => shippingOptions,
        taxRules: async () => taxRules,
        concurrent: false,
        products: new Map(result.products.map((p) => [p.itemId, p])),
      });
      const stored: StoredAdd = {
        requestCartId: cartId ?? null,
        cartId: result.cartId,
        newCart: result.newCart,
        status: 200,
        bodyJson: JSON.stringify(toBody(priced, result)),
      };
      await storeAddAnswer(tx, site.id, addKey.key, stored);
      await pruneExpiredAddKeys(tx);
      return { kind: 'added', answer: stored };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    return keyedAddDecision(await findAddKey(db, site.id, addKey.key), cartId, addKey.hash) ?? { kind: 'pending' };
  }
}
