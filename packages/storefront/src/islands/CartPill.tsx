import { cartPillText, cartPillVisible, money } from '@emporium/commerce';
import type { CartSeed } from '../cart/cart-store.js';
import { useCart } from '../cart/use-cart.js';
import { CART_PATH } from '../lib/navigate.js';

/** Props of {@link CartPill}. */
export interface CartPillProps {
  /** Path of the page being rendered; the pill is not mounted on /cart. */
  readonly path: string;
  /** Cart figures known at render time. */
  readonly seed?: CartSeed;
  readonly currency?: string;
  readonly locale?: string;
}

/** Floating cart link: hidden at 0 items, fades in above 0, opens /cart. */
export function CartPill({ path, seed, currency = 'USD', locale }: CartPillProps) {
  const { cart, recalculating } = useCart(seed);
  if (path === CART_PATH) return null;
  const quantity = cart?.totalQuantity ?? 0;
  const subtotal = money(cart?.subtotalCents ?? 0, cart?.currency ?? currency);
  const text = cartPillText(quantity, subtotal, locale);
  const visible = cartPillVisible(quantity);
  return (
    <a
      href={CART_PATH}
      className={visible ? 'cart-pill cart-pill--visible' : 'cart-pill'}
      aria-hidden={visible ? undefined : true}
      tabIndex={visible ? undefined : -1}
      aria-label={text.spoken}
      aria-busy={recalculating || undefined}
      data-recalculating={recalculating ? 'true' : undefined}
    >
      <span className="cart-pill__count">{text.count}</span> <span className="cart-pill__noun">{text.noun}</span>
      <span className="cart-pill__subtotal">{text.subtotal}</span>
    </a>
  );
}
