import { money, type CartEntryJson, type ShippingOptionJson, type ShoppingCartJson } from '@emporium/commerce';
import type { PricedCart, PricedLine } from './cart-pricing.js';

export type { CartEntryJson, ShoppingCartJson };

/** One priced line in the API's entry shape. */
export function entryJson(line: PricedLine): CartEntryJson {
  return {
    id: line.entry.id,
    itemId: line.entry.itemId,
    quantity: line.entry.quantity,
    chosenVariant: { sku: line.variant.sku, attributes: { ...line.variant.attributes } },
    title: line.product.title,
    subTotal: line.subtotalCents,
    purchasePriceCents: line.unitPriceCents,
    productType: line.product.productType,
    additionalFields: line.entry.additionalFields ?? null,
  };
}

/** The spec 3 cart JSON of a priced cart; entries that are no longer available are left out. */
export function cartJson(priced: PricedCart, websiteId: string): ShoppingCartJson {
  const afterDiscount = priced.subtotalCents - priced.discountCents;
  const optionJson = (o: PricedCart['shippingOptions'][number]): ShippingOptionJson => ({
    id: o.id,
    name: o.name,
    costCents: priced.couponResult.freeShipping ? 0 : o.freeOverCents > 0 && afterDiscount >= o.freeOverCents ? 0 : o.priceCents,
  });
  return {
    id: priced.cart?.id ?? '',
    websiteId,
    orderId: priced.cart?.orderId ?? null,
    created: priced.cart?.createdAt.getTime() ?? 0,
    isPurchased: priced.cart?.isPurchased ?? false,
    entries: priced.lines.map(entryJson),
    shippingOptions: priced.shippingOptions.map(optionJson),
    selectedShippingOption: priced.selectedShippingOption ? optionJson(priced.selectedShippingOption) : null,
    shippingLocation: priced.shippingLocation,
    applicableTaxRules: priced.applicableTaxRules.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      region: r.region,
      rateBasisPoints: r.rateThousandths / 10,
      taxCents: priced.taxLines.find((t) => t.ruleId === r.id)?.taxCents ?? 0,
    })),
    coupons: priced.coupons,
    validCoupons: priced.couponResult.valid,
    invalidCoupons: priced.couponResult.invalid,
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents,
    shippingCostCents: priced.shippingCostCents,
    discountCents: priced.discountCents,
    grandTotalCents: priced.grandTotalCents,
    totalQuantity: priced.totalQuantity,
    subtotalAmount: money(priced.subtotalCents, priced.currency),
    hasDigital: priced.hasDigital,
    purelyDigital: priced.purelyDigital,
    requiresShipping: priced.requiresShipping,
  };
}
