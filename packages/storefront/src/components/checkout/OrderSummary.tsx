import type { CartLineView } from '../../lib/cart-page-model.js';
import type { SummaryRow } from '../../checkout/order-summary.js';
import { useText } from '../../lib/system-texts.js';

/** Props of {@link OrderSummary}. */
interface OrderSummaryProps {
  readonly lines: ReadonlyArray<CartLineView>;
  readonly rows: ReadonlyArray<SummaryRow>;
  readonly giftCardCode: string;
  readonly busy: boolean;
}

/** The order's lines and its subtotal, discount, shipping, tax and total. */
export function OrderSummary({ lines, rows, giftCardCode, busy }: OrderSummaryProps) {
  const t = useText();
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-section__title">
        {t('Order summary')}
      </h2>
      <ul className="checkout-summary__lines" role="list">
        {lines.map((l) => (
          <li key={l.id} className="checkout-summary__line">
            <span className="checkout-summary__title">
              {l.title}
              {l.variantText && <span className="checkout-summary__variant">{` (${l.variantText})`}</span>}
              {` × ${l.quantity}`}
            </span>
            <span className="checkout-summary__amount">{l.lineTotal}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals" aria-live="polite" aria-busy={busy || undefined}>
        {rows.map((r) => (
          <div key={r.key} className={`checkout-summary__row checkout-summary__row--${r.key}`}>
            <dt>{t(r.label)}</dt>
            <dd>{t(r.amount)}</dd>
          </div>
        ))}
      </dl>
      {giftCardCode && (
        <p className="checkout-summary__gift-card">
          {t('Gift card ending {digits} is applied when you place the order.', { digits: giftCardCode.replace(/[\s-]/g, '').slice(-4).toUpperCase() })}
        </p>
      )}
    </section>
  );
}
