import { centsOf, centsText } from '../store/store-money.js';
import { Field } from '../../ui/Field.js';

interface GiftCardAmountsProps {
  readonly headingId: string;
  readonly amounts: readonly string[];
  readonly errors: Readonly<Record<number, string>>;
  readonly onChange: (amounts: string[]) => void;
}

/** Most amounts one gift card sells (one variant each). */
const MAX_AMOUNTS = 20;

/**
 * The amounts a gift card sells. Each amount is a variant of the option “Amount” with unlimited
 * stock, which is how the storefront offers a gift card's denominations.
 */
export function GiftCardAmounts({ headingId, amounts, errors, onChange }: GiftCardAmountsProps) {
  const set = (index: number, value: string) => onChange(amounts.map((amount, i) => (i === index ? value : amount)));
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Gift card amounts <span className="count">({amounts.length})</span>
      </h2>
      <p className="hint">Shoppers choose one of these amounts; each becomes a variant with unlimited stock.</p>
      <ul className="amount-list">
        {amounts.map((amount, index) => (
          <li key={index}>
            <Field
              label={`Amount ${index + 1}`}
              inputMode="decimal"
              className="money-input"
              value={amount}
              onChange={(e) => set(index, e.currentTarget.value)}
              onBlur={(e) => {
                const cents = centsOf(e.currentTarget.value);
                if (cents !== null && centsText(cents) !== amount) set(index, centsText(cents));
              }}
              error={errors[index]}
            />
            <button type="button" className="secondary small" disabled={amounts.length <= 1} onClick={() => onChange(amounts.filter((_, i) => i !== index))}>
              Remove amount {index + 1}
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="secondary" disabled={amounts.length >= MAX_AMOUNTS} onClick={() => onChange([...amounts, ''])}>
          Add amount
        </button>
      </div>
    </section>
  );
}
