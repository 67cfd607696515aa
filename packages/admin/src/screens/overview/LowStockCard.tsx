import { useId } from 'react';
import { Link } from '../../app/router.js';
import type { LowStockVariant, Overview } from './overview-types.js';

interface LowStockCardProps {
  readonly section: NonNullable<Overview['lowStock']>;
}

function variantName(variant: LowStockVariant): string {
  const options = Object.values(variant.optionValues).join(', ');
  return options || variant.sku;
}

/** Limited variants at or below the low-stock threshold: how many, the fewest units first, each leading to its product. */
export function LowStockCard({ section }: LowStockCardProps) {
  const headingId = useId();
  const { count, threshold, variants } = section;
  return (
    <section className="overview-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Low stock</h2>
      {count === 0 ? (
        <p className="overview-empty">Every variant has more than {threshold} units in stock.</p>
      ) : (
        <>
          <p className="overview-count">
            <span className="overview-number">{count.toLocaleString()}</span> {count === 1 ? 'variant has' : 'variants have'} {threshold} or fewer units
            {count > variants.length ? ', the fewest first:' : ':'}
          </p>
          <ul className="overview-list">
            {variants.map((variant) => (
              <li key={variant.variantId}>
                <span className="overview-line">
                  <Link to={`/products/${encodeURIComponent(variant.productId)}`}>{variant.productTitle}</Link>
                  <span className={variant.qtyInStock === 0 ? 'overview-amount overview-sold-out' : 'overview-amount'}>
                    {variant.qtyInStock === 0 ? 'Sold out' : `${variant.qtyInStock.toLocaleString()} left`}
                  </span>
                </span>
                <span className="overview-detail">{variantName(variant)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="overview-more">
        <Link to="/inventory?view=low">Open the low-stock list</Link>
      </p>
    </section>
  );
}
