import type { DecimalMoney, Money } from './money.js';
import type { ProductType } from './product-type.js';

/** One purchasable variant of a product. */
export interface Variant {
  readonly id?: string;
  readonly sku: string;
  /** Option name to chosen value, e.g. { Size: 'M', Color: 'Blue' }. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly qtyInStock: number;
  readonly unlimited: boolean;
  readonly onSale?: boolean;
  readonly priceMoney?: Money | DecimalMoney;
  readonly salePriceMoney?: Money | DecimalMoney;
  readonly price?: number;
  readonly salePrice?: number;
  readonly imageId?: string;
}

/** A subscription billing period. */
export interface BillingPeriod {
  readonly value: number;
  readonly unit: 'WEEK' | 'MONTH' | 'YEAR';
}

/** A subscription plan: the billing period and the number of cycles (0 = indefinite). */
export interface SubscriptionPlan {
  readonly billingPeriod: BillingPeriod;
  readonly numBillingCycles: number;
}

/** The commerce part of a product item (`structuredContent`). */
export interface ProductContent {
  readonly productType: ProductType;
  readonly variants: ReadonlyArray<Variant>;
  readonly variantOptionOrdering?: ReadonlyArray<string>;
  readonly isSubscribable?: boolean;
  readonly subscriptionPlan?: SubscriptionPlan;
  readonly priceMoney?: Money | DecimalMoney;
  readonly salePriceMoney?: Money | DecimalMoney;
  /** Product-level sale flag, used by digital products. */
  readonly onSale?: boolean;
  readonly additionalFieldsFormId?: string;
  readonly useCustomAddButtonText?: boolean;
  readonly customAddButtonText?: string;
}

/** Store settings read by the storefront. */
export interface StoreSettings {
  /** Whether service products may be bought in quantities above one (default true). */
  readonly multipleQuantityAllowedForServices?: boolean;
}
