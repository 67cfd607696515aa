import { useText } from '../../lib/system-texts.js';
import type { ReactNode, SelectHTMLAttributes } from 'react';

/** Props of {@link CheckoutSelectField}. */
interface CheckoutSelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id' | 'children'> {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error?: string;
  readonly onValue: (value: string) => void;
  /** The options. */
  readonly children: ReactNode;
}

/** A labelled select with its error announced and linked by aria-describedby. */
export function CheckoutSelectField({ id, label, value, error, onValue, required, children, ...rest }: CheckoutSelectFieldProps) {
  const t = useText();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'checkout-field checkout-field--error' : 'checkout-field'}>
      <label htmlFor={id}>
        {label}
        {required ? '' : ` ${t('(optional)')}`}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="checkout-field__error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
