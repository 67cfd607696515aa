import { formatMoney, money } from '@emporium/commerce';
import type { ShippingOptionJson } from '../../api/cart-json.js';
import { useText } from '../../lib/system-texts.js';

/** Props of {@link ShippingOptions}. */
interface ShippingOptionsProps {
  readonly idPrefix: string;
  readonly options: ReadonlyArray<ShippingOptionJson>;
  readonly selectedId: string | null;
  readonly currency: string;
  readonly locale: string;
  readonly disabled: boolean;
  readonly error?: string;
  readonly onSelect: (id: string) => void;
}

/** Radio list of the shipping options priced for the cart. */
export function ShippingOptions({ idPrefix, options, selectedId, currency, locale, disabled, error, onSelect }: ShippingOptionsProps) {
  const t = useText();
  if (options.length === 0) return null;
  return (
    <fieldset className="checkout-shipping" disabled={disabled} aria-describedby={error ? `${idPrefix}-shipping-error` : undefined}>
      <legend className="checkout-section__title">{t('Shipping method')}</legend>
      {options.map((o, i) => (
        <label key={o.id} htmlFor={`${idPrefix}-ship-${i}`} className="checkout-shipping__option">
          <input
            id={`${idPrefix}-ship-${i}`}
            type="radio"
            name={`${idPrefix}-shipping`}
            value={o.id}
            checked={selectedId === o.id}
            onChange={() => onSelect(o.id)}
          />
          <span>{o.name}</span>{' '}
          <span className="checkout-shipping__cost">{o.costCents === 0 ? t('Free') : formatMoney(money(o.costCents, currency), locale)}</span>
        </label>
      ))}
      {error && (
        <p id={`${idPrefix}-shipping-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
