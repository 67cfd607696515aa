import type { ChosenOptions, ProductContent, StoreSettings } from '@emporium/commerce';
import {
  AddToCartMessages,
  ProductType,
  QUANTITY_INPUT,
  findVariant,
  formatMoney,
  giftCardDenominations,
  isStockedType,
  productOptions,
  showsQuantityInput,
  selectOptionsMessage,
  soldOutText,
  unselectedOptions,
  validateAddToCart,
  variantHasStock,
} from '@emporium/commerce';
import type { FieldValue, FormField } from '@emporium/forms';
import { FormMessages, formFieldValues, validateForm } from '@emporium/forms';
import { useId, useState } from 'react';
import { ProductPrice } from '../components/ProductPrice.js';
import { QuantityInput } from '../components/QuantityInput.js';
import { VariantSelector } from '../components/VariantSelector.js';
import { FieldView } from '../components/fields/FieldView.js';
import { sharedCartStore } from '../cart/shared-cart.js';
import { dispatchVariantChange } from '../lib/variant-event.js';
import type { PreparedAdd } from './AddToCartButton.js';
import { AddToCartButton } from './AddToCartButton.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link ProductForm}. */
export interface ProductFormProps {
  readonly itemId: string;
  readonly product: ProductContent;
  readonly storeSettings?: StoreSettings;
  /** Variant pickers as dropdowns (default) or radio buttons. */
  readonly selectorStyle?: 'dropdown' | 'radio';
  readonly locale?: string;
  readonly expressCheckout?: boolean;
  /** Fields of the product's additional-fields form. */
  readonly additionalFields?: ReadonlyArray<FormField>;
  /** Image URL per variant SKU, swapped in when that variant is chosen. */
  readonly variantImages?: Readonly<Record<string, string>>;
  /** The product's sold-out text (spec 8), shown on the button while the chosen variant is sold out (default 'sold out'). */
  readonly soldOutText?: string;
  /** Each option's name as shown (its translation on a page in another language), by the name its variants' `attributes` use; a name not here is shown as it is. */
  readonly optionNames?: Readonly<Record<string, string>>;
}

function unitsInCart(itemId: string, sku: string | undefined): number {
  if (!sku || typeof window === 'undefined') return 0;
  const entries = sharedCartStore().getSnapshot().cart?.entries ?? [];
  return entries.filter((e) => e.itemId === itemId && e.chosenVariant?.sku === sku).reduce((n, e) => n + e.quantity, 0);
}

function buttonLabel(product: ProductContent, t: (english: string) => string): string {
  if (product.useCustomAddButtonText && product.customAddButtonText) return product.customAddButtonText;
  return t(product.isSubscribable ? 'Subscribe' : 'Add To Cart');
}

/** Product page form: variant pickers, gift-card amounts, quantity, additional fields, add button. */
export function ProductForm(props: ProductFormProps) {
  const { itemId, product, storeSettings, selectorStyle = 'dropdown', locale, additionalFields = [], optionNames = {} } = props;
  const shownName = (option: string) => (Object.hasOwn(optionNames, option) ? optionNames[option]! : option);
  const idPrefix = useId();
  const t = useText();
  const [chosen, setChosen] = useState<ChosenOptions>({});
  const [giftSku, setGiftSku] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(String(QUANTITY_INPUT.defaultValue));
  const [fieldValues, setFieldValues] = useState<Record<string, FieldValue>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const isGiftCard = product.productType === ProductType.GIFT_CARD;
  const options = isGiftCard ? [] : productOptions(product);
  const denominations = isGiftCard ? giftCardDenominations(product) : [];
  const variant = isGiftCard ? product.variants.find((v) => v.sku === giftSku) : findVariant(product, chosen);
  const showQuantity = showsQuantityInput(product, storeSettings);
  const soldOut = variant !== undefined && isStockedType(product.productType) && !variantHasStock(variant);

  const announce = (sku: string | null, variantId: string | null) =>
    dispatchVariantChange({ itemId, sku, variantId, imageUrl: sku ? (props.variantImages?.[sku] ?? null) : null });

  const choose = (option: string, value: string) => {
    const next = { ...chosen, [option]: value };
    setChosen(next);
    const picked = findVariant(product, next);
    announce(picked?.sku ?? null, picked?.id ?? null);
  };

  const chooseDenomination = (sku: string) => {
    setGiftSku(sku);
    const picked = product.variants.find((v) => v.sku === sku);
    announce(sku, picked?.id ?? null);
  };

  const prepare = (): PreparedAdd => {
    let sku: string | null;
    let qty = 1;
    if (isGiftCard) {
      if (!giftSku) return { ok: false, message: AddToCartMessages.GIFT_CARD_DENOMINATION };
      sku = giftSku;
    } else {
      const check = validateAddToCart(product, {
        chosen,
        quantity: showQuantity ? quantity : 1,
        alreadyInCart: unitsInCart(itemId, findVariant(product, chosen)?.sku),
      });
      if (!check.ok) {
        // The options to choose, named as the page shows them.
        const missing = unselectedOptions(product, chosen);
        return missing.length > 0 && check.message === selectOptionsMessage(missing)
          ? { ok: false, message: selectOptionsMessage(missing.map(shownName)) }
          : check;
      }
      sku = check.variant.sku;
      qty = check.quantity;
    }
    const errors = validateForm(additionalFields, fieldValues);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return { ok: false, message: FormMessages.INVALID_FIELDS };
    const query = typeof window === 'undefined' ? '' : window.location.search;
    const extra = additionalFields.length > 0 ? JSON.stringify(formFieldValues(additionalFields, fieldValues, query)) : undefined;
    return { ok: true, sku, quantity: qty, additionalFields: extra };
  };

  return (
    <div className="product-form" data-item-id={itemId}>
      <ProductPrice product={product} variant={variant} locale={locale} />
      {options.map((option) => (
        <VariantSelector
          key={option.name}
          product={product}
          option={option}
          label={shownName(option.name)}
          chosen={chosen}
          style={selectorStyle}
          idPrefix={idPrefix}
          onChoose={choose}
        />
      ))}
      {isGiftCard && (
        <fieldset className="gift-card-denominations">
          <legend>{t('Amount')}</legend>
          {denominations.map((d, i) => (
            <label key={d.sku} htmlFor={`${idPrefix}-denomination-${i}`} className="gift-card-denominations__option">
              <input
                id={`${idPrefix}-denomination-${i}`}
                type="radio"
                name={`${idPrefix}-denomination`}
                value={d.sku}
                checked={giftSku === d.sku}
                onChange={() => chooseDenomination(d.sku)}
              />
              {formatMoney(d.amount, locale)}
            </label>
          ))}
        </fieldset>
      )}
      {showQuantity && <QuantityInput id={`${idPrefix}-quantity`} value={quantity} onChange={setQuantity} />}
      {additionalFields.length > 0 && (
        <div className="product-form__additional-fields">
          {additionalFields.map((field) => (
            <FieldView
              key={field.id}
              field={field}
              value={fieldValues[field.id]}
              error={fieldErrors[field.id]}
              idPrefix={idPrefix}
              onChange={(value) => setFieldValues((prev) => ({ ...prev, [field.id]: value }))}
            />
          ))}
        </div>
      )}
      <AddToCartButton
        itemId={itemId}
        label={buttonLabel(product, t)}
        expressCheckout={props.expressCheckout}
        giftCard={isGiftCard}
        subscription={product.isSubscribable === true}
        prepare={prepare}
        {...(soldOut ? { soldOutText: soldOutText(props.soldOutText) } : {})}
      />
    </div>
  );
}
