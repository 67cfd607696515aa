import { apiHref, withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { Loading } from '../../ui/Loading.js';
import { answerText, FORMS_PATH, type OwnerForm, type SubmissionPage } from './form-types.js';

/** Submissions shown per page. */
export const SUBMISSIONS_PER_PAGE = 25;

/** A form's submissions, newest first, a page at a time from the server, and the CSV download. */
export function SubmissionsTable({ form }: { readonly form: OwnerForm }) {
  const { cursor, pageNumber, back, forward } = useCursorPages();
  const base = `${FORMS_PATH}/${encodeURIComponent(form.id)}/submissions`;
  const page = useQuery<SubmissionPage>(withQuery(base, { limit: SUBMISSIONS_PER_PAGE, cursor }));
  const fields = form.fields.filter((field) => field.type !== 'section');
  return (
    <section aria-labelledby="submissions-heading" className="stack">
      <div className="section-head">
        <h2 id="submissions-heading">Submissions</h2>
        <a className="button secondary" href={apiHref(`${base}.csv`)}>
          Download CSV
        </a>
      </div>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.submissions.length === 0 && pageNumber === 1 && <p>No submissions yet.</p>}
      {page.data && page.data.submissions.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Submissions table">
          <table>
            <caption className="visually-hidden">Submissions, page {pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                {fields.map((field) => (
                  <th scope="col" key={field.id}>
                    {field.title || field.id}
                  </th>
                ))}
                <th scope="col">Page</th>
              </tr>
            </thead>
            <tbody>
              {page.data.submissions.map((submission) => (
                <tr key={submission.id}>
                  <td>{new Date(submission.createdAt).toLocaleString()}</td>
                  {fields.map((field) => (
                    <td key={field.id}>{answerText(submission.data[field.id])}</td>
                  ))}
                  <td>{answerText(submission.pageFields.pagePath ?? submission.pageFields.pageTitle)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Submission pages"
        pageNumber={pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={back}
        onForward={() => forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
