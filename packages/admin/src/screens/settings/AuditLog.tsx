import { ApiError, withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';

interface AuditEntry {
  readonly id: string;
  readonly createdAt: string;
  readonly actorEmail: string | null;
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string | null;
  readonly subjectName: string | null;
}

/** What the "Changed" column says: the thing's kind and its name, never a raw id. */
function changedLabel(entry: AuditEntry): string {
  const kind = entry.subjectType.replace(/-/g, ' ');
  return entry.subjectName ? `${kind}: ${entry.subjectName}` : kind;
}

/** Who changed what and when, newest first (admins only). */
export function AuditLog() {
  const { cursor, pageNumber, back, forward } = useCursorPages();
  const page = useQuery<{ entries: AuditEntry[]; hasNextPage: boolean; nextPageCursor: string | null }>(withQuery('/api/owner/audit', { limit: 25, cursor }));
  if (page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 403)) return null;
  return (
    <section aria-labelledby="audit-heading" className="stack panel">
      <h2 id="audit-heading">Audit log</h2>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.entries.length === 0 && pageNumber === 1 && <p>No changes recorded yet.</p>}
      {page.data && page.data.entries.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Changes, page {pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {page.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{new Date(entry.createdAt).toLocaleString()}</td>
                  <td className="wide" data-label="Who">
                    {entry.actorEmail ?? 'Owner token'}
                  </td>
                  <td data-label="What">{entry.action}</td>
                  <td className="wide" data-label="Changed">
                    {changedLabel(entry)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Audit pages"
        pageNumber={pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={back}
        onForward={() => forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
