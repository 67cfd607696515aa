import { useMemo, useSyncExternalStore } from 'react';
import type { CartSeed, CartState } from './cart-store.js';
import { seededState } from './cart-store.js';
import { sharedCartStore } from './shared-cart.js';

/**
 * Reads the shared cart in a component and re-renders on change. Server rendering and
 * hydration read `seed` instead, so no state is shared between server requests.
 */
export function useCart(seed?: CartSeed): CartState {
  const store = sharedCartStore();
  const serverState = useMemo(() => seededState(seed), [seed]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => serverState);
}
