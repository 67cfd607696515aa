import type { CartEntry, ShoppingCart } from '@emporium/commerce';

/** One option of the chosen variant, in the product's option order. */
export interface OptionValueJson {
  readonly optionName: string;
  readonly value: string;
}

/** A cart entry as the server sends it: the spec 3 entry plus what the pages add per line. */
export interface CartLineJson extends CartEntry {
  readonly chosenVariant?: {
    readonly sku: string;
    readonly attributes: Readonly<Record<string, string>>;
    readonly optionValues?: ReadonlyArray<OptionValueJson>;
  };
  /** Unit price times quantity, in minor units. */
  readonly subTotal?: number;
  /** Product image (page context only). */
  readonly assetUrl?: string;
  /** Product page URL (page context only). */
  readonly fullUrl?: string;
}

/** A shipping option priced for the cart. */
export interface ShippingOptionJson {
  readonly id: string;
  readonly name: string;
  readonly costCents: number;
}

/** A coupon that applies to the cart. */
export interface ValidCouponJson {
  readonly code: string;
  readonly discountCents: number;
}

/** A coupon code that does not apply, and why. */
export interface InvalidCouponJson {
  readonly code: string;
  readonly reason: string;
}

/** Where the cart ships to, as far as pricing needs it. */
export interface ShippingLocationJson {
  readonly country: string;
  readonly region?: string;
  readonly postalCode?: string;
}

/** The spec 3 shopping cart as the cart API returns it (money in minor units). */
export interface CartJson extends ShoppingCart {
  readonly entries: ReadonlyArray<CartLineJson>;
  readonly shippingOptions?: ReadonlyArray<ShippingOptionJson>;
  readonly selectedShippingOption?: ShippingOptionJson | null;
  readonly shippingLocation?: ShippingLocationJson | null;
  readonly coupons?: ReadonlyArray<string>;
  readonly validCoupons?: ReadonlyArray<ValidCouponJson>;
  readonly invalidCoupons?: ReadonlyArray<InvalidCouponJson>;
  readonly subtotalAmount?: { readonly value: number; readonly currency: string };
}

/** The cart's currency: `currency`, else `subtotalAmount.currency`, else `fallback`. */
export function cartCurrency(cart: CartJson | null | undefined, fallback: string): string {
  return cart?.currency ?? cart?.subtotalAmount?.currency ?? fallback;
}
