import { useState } from 'react';
import { api } from '../../api/http.js';
import { useSession } from '../../api/session.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ConfirmDialog } from '../editor/ConfirmDialog.js';
import { statusLabel } from '../orders/order-types.js';
import { stateLabel } from '../subscriptions/subscription-types.js';
import { CustomerMemberships } from './CustomerMemberships.js';
import { CustomerNotes } from './CustomerNotes.js';
import { CustomerTags } from './CustomerTags.js';
import { CUSTOMERS_PATH, type CustomerDetail, type ErasureAnswer } from './customer-types.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './customer-screens.css';

const back = (
  <p>
    <Link to="/customers">Back to Customers</Link>
  </p>
);

/**
 * One customer: their account, tags, memberships (for owners who read member areas), orders,
 * subscriptions and the owner's notes, and the erasure of their account and data (confirmed in a dialog).
 */
export default function CustomerScreen({ siteUserId }: { readonly siteUserId: string }) {
  const path = `${CUSTOMERS_PATH}/${encodeURIComponent(siteUserId)}`;
  const detail = useQuery<CustomerDetail>(path);
  const session = useSession();
  // Erasure needs customers:write (docs/roles.md); other roles are told who can do it instead of meeting a refusal.
  const permissions = session.data?.owner?.permissions ?? [];
  const mayErase = permissions.includes('customers:write');
  const [asking, setAsking] = useState(false);
  const [erased, setErased] = useState<ErasureAnswer | null>(null);
  const erase = useMutation(() => api<ErasureAnswer>(path, { method: 'DELETE' }), [CUSTOMERS_PATH]);
  if (erased) {
    return (
      <>
        <ScreenHeading>Customer erased</ScreenHeading>
        <p role="status">
          {erased.erased
            ? `The account and its personal data are erased. ${erased.counts.orders ?? 0} orders stay in your books without the customer’s name, email, address or phone.`
            : 'There was no such account any more: nothing was changed.'}
        </p>
        {back}
      </>
    );
  }
  if (detail.status === 'loading') return <Loading />;
  const data = detail.data;
  if (!data) {
    return (
      <>
        <ScreenHeading>Customer not found</ScreenHeading>
        <ErrorText error={detail.error} />
        {back}
      </>
    );
  }
  const { customer } = data;
  const confirm = async () => {
    const answer = await erase.run(undefined);
    if (answer) setErased(answer);
    setAsking(false);
  };
  return (
    <>
      <p className="breadcrumb">
        <Link to="/customers">Customers</Link>
      </p>
      <ScreenHeading>{customer.email}</ScreenHeading>
      <p>
        {customer.displayName ? `${customer.displayName} · ` : ''}
        {customer.emailVerified ? 'email confirmed' : 'email not confirmed yet'} · joined {new Date(customer.createdAt).toLocaleDateString()}
        {customer.lastSignInAt ? ` · last signed in ${new Date(customer.lastSignInAt).toLocaleString()}` : ''}
      </p>
      <CustomerTags siteUserId={customer.id} tags={data.tags} mayEdit={mayErase} />
      {permissions.includes('members:read') && (
        <CustomerMemberships siteUserId={customer.id} email={customer.email} mayEdit={permissions.includes('members:write')} />
      )}
      <section aria-labelledby="customer-orders" className="stack panel">
        <h2 id="customer-orders">Orders</h2>
        {data.orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <div className="table-wrap rows-on-phone" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((order) => (
                  <tr key={order.id}>
                    <td data-label="Order">
                      <Link to={`/orders/${encodeURIComponent(order.id)}`}>#{order.orderNumber}</Link>
                    </td>
                    <td data-label="Placed">{new Date(order.createdAt).toLocaleDateString()}</td>
                    <td data-label="Status">{statusLabel(order.status)}</td>
                    <td className="number" data-label="Total">
                      {formatCents(order.grandTotalCents, order.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data.hasMoreOrders && <p className="hint">The ten newest orders are shown; the Orders screen finds older ones by email.</p>}
      </section>
      <section aria-labelledby="customer-subscriptions" className="stack panel">
        <h2 id="customer-subscriptions">Subscriptions</h2>
        {data.subscriptions.length === 0 ? (
          <p>No subscriptions.</p>
        ) : (
          <ul>
            {data.subscriptions.map((subscription) => (
              <li key={subscription.id}>
                {subscription.productNames.join(', ')} · {stateLabel(subscription.state)} · {formatCents(subscription.amountCents, subscription.currency)}
                {subscription.nextBillingAt ? ` · next payment ${new Date(subscription.nextBillingAt).toLocaleDateString()}` : ''} · first order #
                {subscription.firstOrderNumber}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CustomerNotes siteUserId={customer.id} mayEdit={mayErase} />
      <section aria-labelledby="customer-erase" className="stack panel">
        <h2 id="customer-erase">Erase this customer</h2>
        <p>
          Deletes the account, saved addresses, carts, form entries, restock sign-ups, comments, reviews, visitor data, memberships and your notes and tags on
          them, ends their subscriptions, and keeps their orders for your accounting without name, email, address or phone. It cannot be undone.
        </p>
        {mayErase ? (
          <>
            <ErrorText error={erase.error} />
            <div className="actions">
              <button type="button" className="danger" onClick={() => setAsking(true)}>
                Erase
              </button>
            </div>
          </>
        ) : (
          <p className="hint">Only an admin of the site can erase a customer.</p>
        )}
      </section>
      <ConfirmDialog
        open={asking}
        title={`Erase ${customer.email}?`}
        confirmLabel="Erase customer and data"
        danger
        pending={erase.pending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>Their account and personal data are removed for good; their orders stay, blanked. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
