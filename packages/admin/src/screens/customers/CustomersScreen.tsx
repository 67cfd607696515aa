import { useState, type FormEvent } from 'react';
import { apiHref, withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { CUSTOMERS_PATH, customerScreenPath, TAG_MAX_LENGTH, type CustomerPage } from './customer-types.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './customer-screens.css';

const PER_PAGE = 50;

/** The site's customer accounts, newest first, searchable by email and filtered by a tag, a page at a time; each opens its own screen. */
export default function CustomersScreen() {
  const [search, setSearch] = useState<string | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const pages = useCursorPages();
  const page = useQuery<CustomerPage>(withQuery(CUSTOMERS_PATH, { search, tag, limit: PER_PAGE, cursor: pages.cursor }));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSearch(String(form.get('search') ?? '').trim() || undefined);
    setTag(String(form.get('tag') ?? '').trim() || undefined);
    pages.reset();
  };
  const filtered = search !== undefined || tag !== undefined;
  return (
    <>
      <ScreenHeading>Customers</ScreenHeading>
      <form onSubmit={apply} className="filters" role="search" aria-label="Customers">
        <Field label="Email contains" name="search" type="search" maxLength={256} />
        <Field label="Tag" name="tag" type="search" maxLength={TAG_MAX_LENGTH} />
        <button type="submit">Search customers</button>
      </form>
      <p>
        <a href={apiHref(withQuery(`${CUSTOMERS_PATH}/export.csv`, { search, tag }))}>
          {filtered ? 'Download these customers (CSV)' : 'Download all customers (CSV)'}
        </a>
      </p>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.customers.length === 0 && <p>{filtered ? 'No customer matches this search.' : 'No customer has an account yet.'}</p>}
      {page.data && page.data.customers.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Customers, page {pages.pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Tags</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Joined</th>
                <th scope="col">Last sign-in</th>
              </tr>
            </thead>
            <tbody>
              {page.data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td className="wide breakable" data-label="Email">
                    <Link to={customerScreenPath(customer.id)}>{customer.email}</Link>
                  </td>
                  <td data-label="Name">{customer.displayName || '—'}</td>
                  <td data-label="Tags">
                    {customer.tags.length === 0 ? (
                      '—'
                    ) : (
                      <ul className="customer-tags">
                        {customer.tags.map((t) => (
                          <li key={t}>{t}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label="Confirmed">{customer.emailVerified ? 'Yes' : 'Not yet'}</td>
                  <td data-label="Joined">{new Date(customer.createdAt).toLocaleDateString()}</td>
                  <td data-label="Last sign-in">{customer.lastSignInAt ? new Date(customer.lastSignInAt).toLocaleDateString() : 'Never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Customer pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </>
  );
}
