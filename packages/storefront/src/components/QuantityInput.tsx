import { QUANTITY_INPUT } from '@emporium/commerce';
import { useText } from '../lib/system-texts.js';

/** Props of {@link QuantityInput}. */
interface QuantityInputProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** The quantity number input: min 1, max 9999, step 1. */
export function QuantityInput({ id, value, onChange }: QuantityInputProps) {
  const t = useText();
  return (
    <div className="product-quantity">
      <label htmlFor={id}>{t('Quantity')}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={QUANTITY_INPUT.min}
        max={QUANTITY_INPUT.max}
        step={QUANTITY_INPUT.step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
