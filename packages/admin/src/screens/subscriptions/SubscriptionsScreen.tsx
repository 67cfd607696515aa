import { useState, type FormEvent } from 'react';
import { withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { SubscriptionActions } from './SubscriptionActions.js';
import { SUBSCRIPTION_STATES, SUBSCRIPTIONS_PATH, stateLabel, type SubscriptionListItem } from './subscription-types.js';

const PER_PAGE = 50;

function nextPayment(subscription: SubscriptionListItem): string {
  if (subscription.nextRetryAt) return `Retry ${new Date(subscription.nextRetryAt).toLocaleDateString()}`;
  if (subscription.nextBillingAt) return new Date(subscription.nextBillingAt).toLocaleDateString();
  return '—';
}

/** Subscriptions newest first, filtered by state, a page at a time, with pause, resume and cancel (each confirmed). */
export default function SubscriptionsScreen() {
  const [state, setState] = useState<string | undefined>();
  const pages = useCursorPages();
  const page = useQuery<{ subscriptions: SubscriptionListItem[]; hasNextPage: boolean; nextPageCursor: string | null }>(
    withQuery(SUBSCRIPTIONS_PATH, { state, limit: PER_PAGE, cursor: pages.cursor }),
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState(String(new FormData(event.currentTarget).get('state') ?? '') || undefined);
    pages.reset();
  };
  return (
    <>
      <ScreenHeading>Subscriptions</ScreenHeading>
      <form onSubmit={apply} className="filters" role="search" aria-label="Subscriptions">
        <Select label="State" name="state" options={[{ value: '', label: 'Any' }, ...SUBSCRIPTION_STATES]} defaultValue="" />
        <button type="submit">Show subscriptions</button>
      </form>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.subscriptions.length === 0 && <p>No subscriptions match.</p>}
      {page.data && page.data.subscriptions.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Subscriptions, page {pages.pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">State</th>
                <th scope="col">Next payment</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col">Payments</th>
                <th scope="col">First order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.data.subscriptions.map((subscription) => (
                <tr key={subscription.id}>
                  <td className="wide breakable" data-label="Customer">
                    {subscription.customerEmail}
                  </td>
                  <td data-label="State">{stateLabel(subscription.state)}</td>
                  <td data-label="Next payment">{nextPayment(subscription)}</td>
                  <td className="number" data-label="Amount">
                    {formatCents(subscription.amountCents, subscription.currency)}
                    <span className="hint"> {subscription.priceText}</span>
                  </td>
                  <td data-label="Payments">
                    {subscription.numBillingCycles > 0 ? `${subscription.cyclesBilled} of ${subscription.numBillingCycles}` : `${subscription.cyclesBilled}`}
                  </td>
                  <td data-label="First order">
                    {subscription.firstOrderNumber !== null ? (
                      <Link to={`/orders/${encodeURIComponent(subscription.firstOrderId)}`}>#{subscription.firstOrderNumber}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Actions">
                    <SubscriptionActions subscription={subscription} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Subscription pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </>
  );
}
