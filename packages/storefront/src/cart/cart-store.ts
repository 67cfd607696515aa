import type { ShoppingCart } from '@emporium/commerce';

/** What islands read from the cart store. */
export interface CartState {
  readonly cart: ShoppingCart | null;
  /** A load is in flight. */
  readonly loading: boolean;
  /** Set between recalculate-start and recalculate-end. */
  readonly recalculating: boolean;
  /** The last load error's message, if any. */
  readonly error: string | null;
}

/** The subset of a cart known when the page is rendered. */
export interface CartSeed {
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  readonly currency?: string;
}

const INITIAL: CartState = Object.freeze({ cart: null, loading: false, recalculating: false, error: null });

/** The state a page starts with: the seed's figures, or no cart. */
export function seededState(seed: CartSeed | undefined): CartState {
  if (!seed) return INITIAL;
  const cart = { id: '', entries: [], totalQuantity: seed.totalQuantity, subtotalCents: seed.subtotalCents, currency: seed.currency };
  return { ...INITIAL, cart };
}

/**
 * One cart shared by every island on the page. Loads are single-flight: a load requested while
 * another is in progress is deferred and runs once after it.
 */
export class CartStore {
  private state: CartState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private inFlight: Promise<ShoppingCart | null> | null = null;
  private deferred = false;

  constructor(private readonly loader: () => Promise<ShoppingCart>) {}

  /** Subscribes to changes; returns the unsubscribe function (useSyncExternalStore contract). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current immutable state. */
  getSnapshot = (): CartState => this.state;

  /** Seeds the store from server-rendered props, only when nothing has been loaded yet. */
  seed(seed: CartSeed): void {
    if (this.state.cart) return;
    this.set({ cart: seededState(seed).cart });
  }

  /** Replaces the cart (after an add or update call returned it). */
  setCart(cart: ShoppingCart): void {
    this.set({ cart, error: null });
  }

  /** Marks the start of a server-side recalculation. */
  recalculateStart(): void {
    this.set({ recalculating: true });
  }

  /** Marks the end of a server-side recalculation. */
  recalculateEnd(): void {
    this.set({ recalculating: false });
  }

  /** Loads the cart; while a load is in flight, further calls are deferred into one follow-up load. */
  load(): Promise<ShoppingCart | null> {
    if (this.inFlight) {
      this.deferred = true;
      return this.inFlight;
    }
    this.set({ loading: true });
    this.inFlight = this.loader()
      .then((cart) => {
        this.set({ cart, error: null });
        return cart;
      })
      .catch((err: unknown) => {
        this.set({ error: err instanceof Error ? err.message : String(err) });
        return null;
      })
      .finally(() => {
        this.inFlight = null;
        this.set({ loading: false });
        if (this.deferred) {
          this.deferred = false;
          void this.load();
        }
      });
    return this.inFlight;
  }

  private set(patch: Partial<CartState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
