import { useState } from 'react';
import { api, withQuery } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { RESTOCK_PATH, type Paged, type SignUpGroup } from './restock-types.js';

const PER_PAGE = 20;

/** Sign-ups counted by variant, each with a button queueing its back-in-stock mail. */
export function SignUpGroups() {
  const { cursor, pageNumber, back, forward } = useCursorPages();
  const page = useQuery<{ signUpGroups: SignUpGroup[] } & Paged>(withQuery(`${RESTOCK_PATH}/groups`, { limit: PER_PAGE, cursor }));
  const [notice, setNotice] = useState('');
  const send = useMutation(
    (group: SignUpGroup) =>
      api<{ notifiedCount: number }>(`${RESTOCK_PATH}/send`, { method: 'POST', body: { productId: group.productId, variantId: group.variantId } }),
    [RESTOCK_PATH, '/api/owner/outbox'],
  );
  const run = async (group: SignUpGroup) => {
    setNotice('');
    const result = await send.run(group);
    if (result) setNotice(`${result.notifiedCount} back-in-stock mail${result.notifiedCount === 1 ? '' : 's'} queued for ${group.productName}.`);
  };
  return (
    <section aria-labelledby="groups-heading" className="stack">
      <h2 id="groups-heading">Waiting by variant</h2>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error ?? send.error} />
      <p role="status">{notice}</p>
      {page.data && page.data.signUpGroups.length === 0 && <p>No one has signed up yet.</p>}
      {page.data && page.data.signUpGroups.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Sign-ups by variant</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Waiting</th>
                <th scope="col">Mailed</th>
                <th scope="col">Latest sign-up</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.signUpGroups.map((group) => (
                <tr key={`${group.productId}/${group.variantId}`}>
                  <td>{group.productName}</td>
                  <td>{group.sku || '—'}</td>
                  <td>{group.pendingCount}</td>
                  <td>{group.notifiedCount}</td>
                  <td>{new Date(group.lastSignUpAt).toLocaleString()}</td>
                  <td>
                    <button
                      type="button"
                      disabled={send.pending || group.pendingCount === 0}
                      onClick={() => run(group)}
                      aria-label={`Send back-in-stock mail for ${group.productName}${group.sku ? ` (${group.sku})` : ''}`}
                    >
                      Send
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Variant pages"
        pageNumber={pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={back}
        onForward={() => forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
