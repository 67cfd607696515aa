import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { legacyPrice, type Money } from './money.js';
import { fromPrice, normalPrice, salePrice } from './product-prices.js';

function legacy(price: (item: unknown) => Money): Formatter {
  return mapFormatter((item) => String(legacyPrice(price(item))));
}

/** `from-price`: the lowest current variant price in hundredths (`"1.00"` gives `100`). */
export const fromPriceFormatter = legacy(fromPrice);

/** `normal-price`: the highest regular variant price in hundredths. */
export const normalPriceFormatter = legacy(normalPrice);

/** `sale-price`: the lowest sale price among variants on sale, in hundredths; 0 when none. */
export const salePriceFormatter = legacy(salePrice);
