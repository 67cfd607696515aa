import { useId } from 'react';
import { Link } from '../../app/router.js';
import { formatCents } from '../../ui/money.js';
import type { Overview } from './overview-types.js';

interface TodayCardProps {
  readonly section: NonNullable<Overview['today']>;
}

/** A YYYY-MM-DD day as the browser's language writes it ('Wednesday, 2 December'). */
function dayText(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** Today's visitors, page views, paid orders and sales, in the site's time zone; leads to the analytics. */
export function TodayCard({ section }: TodayCardProps) {
  const headingId = useId();
  const figures = [
    { name: 'Visitors', value: section.visitors.toLocaleString() },
    { name: 'Page views', value: section.pageViews.toLocaleString() },
    { name: 'Orders', value: section.orders.toLocaleString() },
    { name: 'Sales', value: formatCents(section.salesCents, section.currency) },
  ];
  const quiet = section.visitors === 0 && section.pageViews === 0 && section.orders === 0;
  return (
    <section className="overview-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Today</h2>
      <p className="overview-detail">
        {dayText(section.date)}, in the site’s time zone ({section.timeZone.replaceAll('_', ' ')})
      </p>
      <dl className="overview-figures">
        {figures.map((figure) => (
          <div key={figure.name}>
            <dt>{figure.name}</dt>
            <dd className="overview-number">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {quiet && <p className="overview-empty">No visits or sales yet today. They appear here as visitors arrive and orders are paid.</p>}
      <p className="overview-more">
        <Link to="/analytics">Open analytics</Link>
      </p>
    </section>
  );
}
