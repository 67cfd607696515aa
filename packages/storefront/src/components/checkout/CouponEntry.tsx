import { formatMoney, money } from '@emporium/commerce';
import { useState } from 'react';
import type { InvalidCouponJson, ValidCouponJson } from '../../api/cart-json.js';
import { CheckoutTexts } from '../../checkout/checkout-texts.js';
import { useText } from '../../lib/system-texts.js';

/** Props of {@link CouponEntry}. */
interface CouponEntryProps {
  readonly idPrefix: string;
  readonly valid: ReadonlyArray<ValidCouponJson>;
  readonly invalid: ReadonlyArray<InvalidCouponJson>;
  readonly currency: string;
  readonly locale: string;
  /** The order is being placed: Apply and Remove do nothing. The code field itself is never disabled. */
  readonly disabled: boolean;
  /** Resolves null on success or the text to show; the caller queues it behind a recalculation in flight. */
  readonly onApply: (code: string) => Promise<string | null>;
  readonly onRemove: (code: string) => void;
}

/** Coupon code entry with the codes that apply (and their discount) and those that do not (and why). */
export function CouponEntry({ idPrefix, valid, invalid, currency, locale, disabled, onApply, onRemove }: CouponEntryProps) {
  const t = useText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = `${idPrefix}-coupon`;
  const apply = async () => {
    if (disabled || pending) return;
    const sent = code.trim();
    if (!sent) return setError(CheckoutTexts.COUPON_EMPTY);
    setPending(true);
    const failure = await onApply(sent);
    setPending(false);
    setError(failure);
    // What the shopper typed while the code was applied stays in the field.
    if (!failure) setCode((now) => (now.trim() === sent ? '' : now));
  };
  return (
    <div className="checkout-coupons">
      <label htmlFor={inputId}>{t('Coupon code')}</label>
      <div className="checkout-coupons__row">
        <input
          id={inputId}
          value={code}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={disabled || pending || undefined}
          aria-busy={pending || undefined}
          onClick={() => void apply()}
        >
          {t('Apply')}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="checkout-field__error" role="alert">
          {t(error)}
        </p>
      )}
      <ul className="checkout-coupons__list" role="list" aria-live="polite">
        {valid.map((c) => (
          <li key={c.code} className="checkout-coupons__valid" data-code={c.code}>
            {t('{code} applied: −{amount}', { code: c.code, amount: formatMoney(money(c.discountCents, currency), locale) })}{' '}
            <button type="button" className="link-button" disabled={disabled} onClick={() => onRemove(c.code)}>
              {t('Remove')}
              <span className="visually-hidden">{` ${t('coupon {code}', { code: c.code })}`}</span>
            </button>
          </li>
        ))}
        {invalid.map((c) => (
          <li key={c.code} className="checkout-coupons__invalid" data-code={c.code}>
            {`${c.code}: ${t(c.reason)}`}{' '}
            <button type="button" className="link-button" disabled={disabled} onClick={() => onRemove(c.code)}>
              {t('Remove')}
              <span className="visually-hidden">{` ${t('coupon {code}', { code: c.code })}`}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
