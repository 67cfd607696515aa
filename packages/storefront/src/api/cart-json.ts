import type { ShoppingCartJson } from '@emporium/commerce';

export type {
  CartEntryJson as CartLineJson,
  InvalidCouponJson,
  OptionValueJson,
  ShippingLocationJson,
  ShippingOptionJson,
  ShoppingCartJson as CartJson,
  ValidCouponJson,
} from '@emporium/commerce';

/** The cart's currency: `currency`, else `subtotalAmount.currency`, else `fallback`. */
export function cartCurrency(cart: ShoppingCartJson | null | undefined, fallback: string): string {
  return cart?.currency ?? cart?.subtotalAmount?.currency ?? fallback;
}
