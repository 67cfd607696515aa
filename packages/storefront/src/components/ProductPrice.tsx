import type { ProductContent, Variant } from '@emporium/commerce';
import { formatMoney, subscriptionPriceText, toMoney } from '@emporium/commerce';

/** Props of {@link ProductPrice}. */
interface ProductPriceProps {
  readonly product: ProductContent;
  readonly variant: Variant | undefined;
  readonly locale?: string;
}

/** Price of the chosen variant (or the product), with the sale price and subscription period. */
export function ProductPrice({ product, variant, locale }: ProductPriceProps) {
  const source = variant ?? product.variants[0];
  const priceLike = source?.priceMoney ?? product.priceMoney;
  if (!priceLike) return null;
  const price = toMoney(priceLike);
  const saleLike = source?.onSale ? source.salePriceMoney : undefined;
  const shown = saleLike ? toMoney(saleLike) : price;
  const text = product.isSubscribable ? subscriptionPriceText(shown, product.subscriptionPlan, locale) : formatMoney(shown, locale);
  return (
    <div className="product-price" aria-live="polite">
      {saleLike && <del className="product-price__original">{formatMoney(price, locale)}</del>} <span className="product-price__current">{text}</span>
    </div>
  );
}
