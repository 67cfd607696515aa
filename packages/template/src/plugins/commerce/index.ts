import { mapFormatter, table, type FormatterTable, type PredicateTable } from '../../plugin-api';
import { addToCartButtonFormatter } from './add-to-cart-button';
import { cartQuantityFormatter, cartSubtotalFormatter, cartUrlFormatter } from './cart-formatters';
import { fromPriceFormatter, normalPriceFormatter, salePriceFormatter } from './legacy-price-formatters';
import {
  bookkeeperMoneyFormatter,
  moneyFormatFormatter,
  moneyStringFormatter,
  percentageFormatter,
} from './money-formatters';
import { hasVariantsPredicate, onSalePredicate, soldOutPredicate, variedPricesPredicate } from './predicates';
import { productCheckoutFormatter } from './product-checkout';
import { productPriceFormatter } from './product-price';
import { productQuickViewFormatter } from './product-quick-view';
import { productRestockNotificationFormatter } from './product-restock-notification';
import { productScarcityFormatter } from './product-scarcity';
import { productStatusFormatter } from './product-status';
import { quantityInputFormatter } from './quantity-input';
import { subscriptionPriceFormatter } from './subscription-price';
import { summaryFormFieldFormatter } from './summary-form-field';
import { variantDescriptor } from './variant-options';
import { variantsSelectFormatter } from './variants-select';

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
