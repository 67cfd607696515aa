/** The report's funnel, web vitals and script errors, and the number words the Analytics screen shares. */
import { useId } from 'react';
import type { AnalyticsReport, ErrorGroup } from './analytics-types.js';
import { formatThreshold, formatVital, RATING_WORDS, rate, VITALS } from './vitals.js';

/** Names of the storefront's page types (decision 0020) as owners say them. */
const PAGE_TYPE_NAMES: Readonly<Record<string, string>> = {
  home: 'Home',
  collection: 'Collection',
  item: 'Product',
  cart: 'Cart',
  checkout: 'Checkout',
  'order-confirmed': 'Order confirmed',
  'order-status': 'Order status',
  'subscription-checkout': 'Subscription checkout',
  search: 'Search',
  'not-found': 'Page not found',
  page: 'Page',
};

export function pageTypeName(type: string): string {
  return PAGE_TYPE_NAMES[type] ?? (type ? type.charAt(0).toUpperCase() + type.slice(1).replaceAll('-', ' ') : 'Other');
}

export const count = (n: number) => n.toLocaleString();
export const percent = (share: number) => `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

/** Seconds as '2 min 5 s' (or '45 s'). */
export function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function Funnel({ funnel }: { readonly funnel: AnalyticsReport['funnel'] }) {
  const steps = [
    { name: 'Product views', value: funnel.productViews },
    { name: 'Added to cart', value: funnel.addToCarts },
    { name: 'Checkouts', value: funnel.checkouts },
    { name: 'Orders', value: funnel.orders },
  ];
  if (steps.every((s) => s.value === 0))
    return (
      <p className="empty">
        No product views, carts or orders in this period. The funnel from product view to add to cart, checkout and order appears here with the share that goes
        on from each step.
      </p>
    );
  const widest = Math.max(...steps.map((s) => s.value), 1);
  return (
    <>
      <div className="table-wrap" tabIndex={0}>
        <table className="funnel">
          <caption className="visually-hidden">Funnel from product view to order</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="number">
                Count
              </th>
              <th scope="col" className="number">
                Conversion<span className="visually-hidden"> from the step before</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, i) => {
              const before = steps[i - 1];
              const rate = before === undefined ? '' : before.value === 0 ? '—' : percent(step.value / before.value);
              return (
                <tr key={step.name}>
                  <th scope="row">
                    {step.name}
                    <span className="bar" aria-hidden="true">
                      <span style={{ width: `${(step.value / widest) * 100}%` }} />
                    </span>
                  </th>
                  <td className="number">{count(step.value)}</td>
                  <td className="number">{rate}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="hint">
        Conversion is the share of the step before that went on to this step. Product views come from visitors' browsers; carts, checkouts and orders from the
        store's own records, so blockers cannot hide them. A checkout is an order attempt, paid or not; orders are paid. A step can pass the one before when
        visitors' browsers do not report.
      </p>
    </>
  );
}

/** The 75th percentile of each web vital per page type, with its rating in colour and in words. */
export function WebVitals({ vitals }: { readonly vitals: AnalyticsReport['webVitals'] }) {
  const types = Object.keys(vitals);
  if (types.length === 0)
    return (
      <p className="empty">
        No measurements in this period. Visitors' browsers send loading and responsiveness timings when a page is hidden or 30 seconds after it loads; the 75th
        percentile of each page type appears here, rated good, needs improvement or poor.
      </p>
    );
  const shown = VITALS.filter((v) => v.name !== 'fid' || types.some((t) => vitals[t]?.fid?.p75 != null));
  return (
    <>
      <p className="hint">75th percentile of each page type: three visits in four were this fast or faster.</p>
      <div className="table-wrap" tabIndex={0}>
        <table className="vitals">
          <caption className="visually-hidden">Web vitals, 75th percentile per page type</caption>
          <thead>
            <tr>
              <th scope="col">Page type</th>
              {shown.map((v) => (
                <th key={v.name} scope="col">
                  <abbr title={v.long}>{v.short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {types.map((type) => (
              <tr key={type}>
                <th scope="row">{pageTypeName(type)}</th>
                {shown.map((v) => {
                  const value = vitals[type]?.[v.name]?.p75;
                  if (value == null)
                    return (
                      <td key={v.name} className="no-sample" data-label={v.short}>
                        no samples
                      </td>
                    );
                  const rating = rate(v, value);
                  return (
                    <td key={v.name} data-label={v.short}>
                      <span className={`rating ${rating}`}>
                        <span className="rating-value">{formatVital(v, value)}</span>
                        <span className="rating-word">{RATING_WORDS[rating]}</span>
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="thresholds">
        <summary>Thresholds</summary>
        <ul>
          {shown.map((v) => (
            <li key={v.name}>
              {v.long} ({v.short}): good up to {formatThreshold(v, v.good)}, poor above {formatThreshold(v, v.poor)}.
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** Script errors grouped by type, message and place, the most frequent first. */
export function Errors({ errors }: { readonly errors: readonly ErrorGroup[] }) {
  if (errors.length === 0)
    return (
      <p className="empty">
        No script errors in this period. Errors raised in visitors' browsers appear here, grouped, with how often they happened, when and where.
      </p>
    );
  return (
    <ul className="cards error-groups">
      {errors.map((error) => (
        <li key={`${error.errorType}:${error.message}:${error.firstSeen}`} className="card">
          <article aria-label={`${error.errorType}: ${error.message}`}>
            <h3 className="error-message">
              <span className="error-type">{error.errorType}</span> {error.message}
            </h3>
            <dl className="error-facts">
              <div>
                <dt>Count</dt>
                <dd>{count(error.count)}</dd>
              </div>
              <div>
                <dt>First seen</dt>
                <dd>{dateTime(error.firstSeen)}</dd>
              </div>
              <div>
                <dt>Last seen</dt>
                <dd>{dateTime(error.lastSeen)}</dd>
              </div>
              {error.pages.length > 0 && (
                <div>
                  <dt>Pages</dt>
                  <dd className="path">{error.pages.join(', ')}</dd>
                </div>
              )}
              {error.browsers.length > 0 && (
                <div>
                  <dt>Browsers</dt>
                  <dd>{error.browsers.join(', ')}</dd>
                </div>
              )}
            </dl>
            {error.stack && (
              <details>
                <summary>Stack</summary>
                <pre className="stack-trace">{error.stack}</pre>
              </details>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
