import { useText } from '../../lib/system-texts.js';
import type { InputHTMLAttributes } from 'react';

/** Props of {@link CheckoutTextField}. */
interface CheckoutTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error?: string;
  readonly onValue: (value: string) => void;
}

/** A labelled text input with its error announced and linked by aria-describedby. */
export function CheckoutTextField({ id, label, value, error, onValue, required, ...rest }: CheckoutTextFieldProps) {
  const t = useText();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'checkout-field checkout-field--error' : 'checkout-field'}>
      <label htmlFor={id}>
        {label}
        {required ? '' : ` ${t('(optional)')}`}
      </label>
      <input
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
      />
      {error && (
        <p id={errorId} className="checkout-field__error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
