import { mapFormatter, table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { addToCartButtonFormatter } from './add-to-cart-button.js';
import { cartQuantityFormatter, cartSubtotalFormatter, cartUrlFormatter } from './cart-formatters.js';
import { fromPriceFormatter, normalPriceFormatter, salePriceFormatter } from './legacy-price-formatters.js';
import { bookkeeperMoneyFormatter, moneyFormatFormatter, moneyStringFormatter, percentageFormatter } from './money-formatters.js';
import { hasVariantsPredicate, onSalePredicate, soldOutPredicate, variedPricesPredicate } from './predicates.js';
import { productCheckoutFormatter } from './product-checkout.js';
import { productPriceFormatter } from './product-price.js';
import { productQuickViewFormatter } from './product-quick-view.js';
import { productRestockNotificationFormatter } from './product-restock-notification.js';
import { productScarcityFormatter } from './product-scarcity.js';
import { productStatusFormatter } from './product-status.js';
import { quantityInputFormatter } from './quantity-input.js';
import { subscriptionPriceFormatter } from './subscription-price.js';
import { summaryFormFieldFormatter } from './summary-form-field.js';
import { variantDescriptor } from './variant-options.js';
import { variantsSelectFormatter } from './variants-select.js';

/** The commerce formatter family. */
export const formatters: FormatterTable = table({
  'add-to-cart-btn': addToCartButtonFormatter,
  'bookkeeper-money-format': bookkeeperMoneyFormatter,
  'cart-quantity': cartQuantityFormatter,
  'cart-subtotal': cartSubtotalFormatter,
  'cart-url': cartUrlFormatter,
  'from-price': fromPriceFormatter,
  'money-format': moneyFormatFormatter,
  'money-string': moneyStringFormatter,
  moneyFormat: moneyFormatFormatter,
  'normal-price': normalPriceFormatter,
  'percentage-format': percentageFormatter,
  'product-checkout': productCheckoutFormatter,
  'product-price': productPriceFormatter,
  'product-quick-view': productQuickViewFormatter,
  'product-restock-notification': productRestockNotificationFormatter,
  'product-scarcity': productScarcityFormatter,
  'product-status': productStatusFormatter,
  'quantity-input': quantityInputFormatter,
  'sale-price': salePriceFormatter,
  'subscription-price': subscriptionPriceFormatter,
  'summary-form-field': summaryFormFieldFormatter,
  'variant-descriptor': mapFormatter((variant) => variantDescriptor(variant)),
  'variants-select': variantsSelectFormatter,
});

/** The commerce predicate family. */
export const predicates: PredicateTable = table({
  'has-variants?': hasVariantsPredicate,
  'on-sale?': onSalePredicate,
  'sold-out?': soldOutPredicate,
  'varied-prices?': variedPricesPredicate,
});
