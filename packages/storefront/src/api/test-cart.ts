import type { CartJson, CartLineJson } from './cart-json.js';

/** A cart line for tests: a physical product at `priceCents` a unit. */
export function testLine(id: string, quantity: number, priceCents: number, patch: Partial<CartLineJson> = {}): CartLineJson {
  return {
    id,
    itemId: `item-${id}`,
    quantity,
    title: `Product ${id}`,
    purchasePriceCents: priceCents,
    subTotal: priceCents * quantity,
    productType: 1,
    chosenVariant: { sku: `SKU-${id}`, attributes: {} },
    additionalFields: null,
    ...patch,
  };
}

/** A cart for tests holding `entries`, with totals summed from them. */
export function testCart(entries: CartLineJson[], patch: Partial<CartJson> = {}): CartJson {
  const subtotal = entries.reduce((n, e) => n + e.purchasePriceCents * e.quantity, 0);
  return {
    id: entries.length ? 'cart1' : '',
    websiteId: 'site1',
    orderId: null,
    created: 0,
    isPurchased: false,
    entries,
    subtotalCents: subtotal,
    totalQuantity: entries.reduce((n, e) => n + e.quantity, 0),
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotal,
    hasDigital: entries.some((e) => e.productType === 2),
    purelyDigital: entries.length > 0 && entries.every((e) => e.productType === 2),
    requiresShipping: entries.some((e) => e.productType === 1),
    subtotalAmount: { value: subtotal, currency: 'USD' },
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    validCoupons: [],
    invalidCoupons: [],
    coupons: [],
    ...patch,
  };
}
