import type { Money } from './money.js';
import { formatMoney } from './money-format.js';

/** Quantities above this show as '100+'. */
export const CART_PILL_MAX_COUNT = 100;

/** What the cart pill displays. */
export interface CartPillText {
  /** The count shown: the quantity, or '100+'. */
  readonly count: string;
  /** 'item' or 'items'. */
  readonly noun: string;
  /** The subtotal with a zero fraction trimmed ("$20", "$20.50"). */
  readonly subtotal: string;
  /** Text for assistive technology. */
  readonly spoken: string;
}

/** The count, noun and spoken text for a cart of `quantity` items, without the subtotal (no money formatting). */
export function cartCountText(quantity: number): Omit<CartPillText, 'subtotal'> {
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError(`Invalid cart quantity: ${quantity}`);
  const over = quantity > CART_PILL_MAX_COUNT;
  const noun = quantity === 1 ? 'item' : 'items';
  return { count: over ? '100+' : String(quantity), noun, spoken: over ? 'More than 100 items in cart' : `${quantity} ${noun} in cart` };
}

/** The cart pill texts for a quantity and subtotal. */
export function cartPillText(quantity: number, subtotal: Money, locale?: string): CartPillText {
  const { count, noun, spoken } = cartCountText(quantity);
  return { count, noun, subtotal: formatMoney(subtotal, locale, { trimZeroFraction: true }), spoken };
}

/** The pill is hidden when the cart holds nothing. */
export function cartPillVisible(quantity: number): boolean {
  return quantity > 0;
}
