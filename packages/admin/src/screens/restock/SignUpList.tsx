import { withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { RESTOCK_PATH, type Paged, type SignUp } from './restock-types.js';

const PER_PAGE = 25;

/** Every sign-up, newest first, a page at a time. */
export function SignUpList() {
  const { cursor, pageNumber, back, forward } = useCursorPages();
  const page = useQuery<{ signUps: SignUp[] } & Paged>(withQuery(RESTOCK_PATH, { limit: PER_PAGE, cursor }));
  return (
    <section aria-labelledby="signups-heading" className="stack">
      <h2 id="signups-heading">Sign-ups</h2>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.signUps.length === 0 && pageNumber === 1 && <p>No sign-ups yet.</p>}
      {page.data && page.data.signUps.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Sign-ups, page {pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Signed up</th>
                <th scope="col">Email</th>
                <th scope="col">Variant</th>
                <th scope="col">Mailing list</th>
                <th scope="col">Mailed</th>
              </tr>
            </thead>
            <tbody>
              {page.data.signUps.map((signUp) => (
                <tr key={signUp.id}>
                  <td>{new Date(signUp.createdAt).toLocaleString()}</td>
                  <td>{signUp.email}</td>
                  <td>
                    {signUp.productName || 'A removed product'}
                    {signUp.sku ? <span className="hint"> {signUp.sku}</span> : null}
                  </td>
                  <td>{signUp.isJoinMailingList ? 'Yes' : 'No'}</td>
                  <td>{signUp.notifiedAt ? new Date(signUp.notifiedAt).toLocaleString() : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Sign-up pages"
        pageNumber={pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={back}
        onForward={() => forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
