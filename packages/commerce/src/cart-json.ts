import type { CartEntry, ShoppingCart } from './cart.js';
import type { Money } from './money.js';
import type { ProductType } from './product-type.js';

/** One option of the chosen variant, in the product's option order (page context only). */
export interface OptionValueJson {
  readonly optionName: string;
  readonly value: string;
}

/** The variant a cart entry holds. */
export interface ChosenVariantJson {
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** The attributes in the product's option order (page context only). */
  readonly optionValues?: ReadonlyArray<OptionValueJson>;
}

/** A cart entry as the cart API sends it (spec 3). Money amounts are integers in minor units. */
export interface CartEntryJson extends CartEntry {
  readonly chosenVariant: ChosenVariantJson;
  readonly title: string;
  /** Unit price times quantity, in minor units. */
  readonly subTotal: number;
  readonly productType: ProductType;
  /** The additional-field answers sent with the entry, parsed (null when none). */
  readonly additionalFields: unknown;
  /** Product page URL (page context only). */
  readonly fullUrl?: string;
  /** Product image (page context only). */
  readonly assetUrl?: string;
  /** WebP copies of the product image with their widths when it is an upload, else '' (page context only). */
  readonly srcset?: string;
}

/** A shipping option priced for the cart. */
export interface ShippingOptionJson {
  readonly id: string;
  readonly name: string;
  /** What this option costs for the current cart, in minor units. */
  readonly costCents: number;
}

/** A tax rule that applies to the cart, with the tax it adds. */
export interface TaxRuleJson {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly region: string;
  /** Hundredths of a percent; a rate like 8.875 % has one decimal (887.5). */
  readonly rateBasisPoints: number;
  readonly taxCents: number;
}

/** A coupon that applies to the cart. */
export interface ValidCouponJson {
  readonly code: string;
  /** A percentage of the subtotal, a fixed amount, or free shipping. */
  readonly kind: 'PERCENT' | 'FIXED' | 'FREE_SHIPPING';
  /** The percentage, or the fixed amount in minor units (0 for free shipping). */
  readonly amount: number;
  readonly discountCents: number;
}

/** A coupon code that does not apply, and why. */
export interface InvalidCouponJson {
  readonly code: string;
  readonly reason: string;
}

/**
 * Where the cart ships to. The cart always returns region and postal code ('' when not given);
 * a visitor's request may leave them out.
 */
export interface ShippingLocationJson {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  readonly region?: string;
  readonly postalCode?: string;
}

/**
 * The shopping cart as the cart API returns it and pages embed it (spec 3, field names exactly
 * as specified); money in minor units. Declared once for the server that writes it and the
 * storefront that reads it.
 */
export interface ShoppingCartJson extends ShoppingCart {
  readonly id: string;
  readonly websiteId: string;
  readonly orderId: string | null;
  readonly created: number;
  readonly isPurchased: boolean;
  readonly entries: ReadonlyArray<CartEntryJson>;
  readonly shippingOptions: ReadonlyArray<ShippingOptionJson>;
  readonly selectedShippingOption: ShippingOptionJson | null;
  readonly shippingLocation: ShippingLocationJson | null;
  readonly applicableTaxRules: ReadonlyArray<TaxRuleJson>;
  readonly coupons: ReadonlyArray<string>;
  readonly validCoupons: ReadonlyArray<ValidCouponJson>;
  readonly invalidCoupons: ReadonlyArray<InvalidCouponJson>;
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCostCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly subtotalAmount: Money;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
}
