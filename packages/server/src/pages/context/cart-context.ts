import { cartPillText } from '@emporium/commerce';
import { cartJson, loadPricedCart, type PricingSources } from '../../cart/index.js';
import type { Db } from '../../db/index.js';
import { srcsetOfAssetUrl } from '../../media/index.js';
import type { Website } from '../../sites/index.js';
import type { CollectionRow } from '../queries.js';
import { itemUrl } from './item-context.js';
import { contextMoney, optionNames } from './product-context.js';

/**
 * The `cart` object of the context: the cart module's spec-shaped JSON (the same the cart
 * API returns) plus what the theme shows per line (`fullUrl`, `assetUrl`, variant
 * `optionValues`) and money objects for the `money` formatter (`unitPriceMoney`,
 * `subTotalMoney`, `subtotalMoney`, `grandTotalMoney`). The line facts come from the
 * products the cart was priced with (no second read); `sources` as for `priceCart`.
 */
export async function cartContext(db: Db, site: Website, cartId: string | undefined, collections: readonly CollectionRow[], sources?: PricingSources) {
  const priced = await loadPricedCart(db, site, cartId, undefined, sources);
  const json = cartJson(priced, site.id);
  const currency = site.settings.currency;
  const productByEntry = new Map(priced.lines.map((l) => [l.entry.id, l.product]));
  const collectionsById = new Map(collections.map((c) => [c.id, c]));
  const entries = json.entries.map((e) => {
    const product = productByEntry.get(e.id);
    const collection = product ? collectionsById.get(product.collectionId) : undefined;
    const names = product ? optionNames(product.variantOptionOrdering, product.variants) : Object.keys(e.chosenVariant.attributes);
    const attributes = e.chosenVariant.attributes;
    return {
      ...e,
      fullUrl: product && collection ? itemUrl(collection, product) : '',
      assetUrl: product?.assetUrl ?? '',
      srcset: srcsetOfAssetUrl(product?.assetUrl) ?? '',
      chosenVariant: {
        ...e.chosenVariant,
        optionValues: names.filter((n) => attributes[n] !== undefined).map((n) => ({ optionName: n, value: attributes[n] })),
      },
      unitPriceMoney: contextMoney(e.purchasePriceCents, currency),
      subTotalMoney: contextMoney(e.subTotal, currency),
    };
  });
  return {
    ...json,
    entries,
    subtotalMoney: contextMoney(json.subtotalCents, currency),
    discountMoney: contextMoney(json.discountCents, currency),
    shippingCostMoney: contextMoney(json.shippingCostCents, currency),
    taxMoney: contextMoney(json.taxCents, currency),
    grandTotalMoney: contextMoney(json.grandTotalCents, currency),
  };
}

/** The context's `cart` (see {@link cartContext}): the cart API's JSON with the lines' links, images, option values and money objects. */
export type CartContext = Awaited<ReturnType<typeof cartContext>>;

/** The cart pill texts (count, noun, subtotal, spoken) for the header's cart link. */
export function cartPillProps(cart: Record<string, unknown>, currency: string, locale: string): Record<string, unknown> {
  const quantity = Number(cart.totalQuantity ?? 0);
  const cents = Number(cart.subtotalCents ?? 0);
  const text = cartPillText(quantity, { value: cents, currency }, locale);
  return { totalQuantity: quantity, subtotalCents: cents, currency, ...text, label: `Cart, ${text.spoken}` };
}

/**
 * The header's cart link texts on a page shared by every visitor: no count (the browser writes
 * it from the cart marker cookie before the cart call answers) and the bare accessible name.
 */
export function unknownCartPill(currency: string): Record<string, unknown> {
  return { currency, count: '', noun: '', subtotal: '', spoken: '', label: 'Cart' };
}
