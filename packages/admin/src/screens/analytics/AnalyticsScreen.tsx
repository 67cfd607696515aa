import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';

interface VisitReport {
  readonly days: number;
  readonly since: string;
  readonly paths: readonly { readonly path: string; readonly views: number; readonly visitors: number }[];
}

/** Page views and visitors by page over the last days. */
export default function AnalyticsScreen() {
  const report = useQuery<VisitReport>('/api/owner/visits');
  const data = report.data;
  const totalViews = data?.paths.reduce((sum, row) => sum + row.views, 0) ?? 0;
  return (
    <>
      <ScreenHeading>Analytics</ScreenHeading>
      {report.status === 'loading' && <Loading />}
      <ErrorText error={report.error} />
      {data && (
        <section aria-labelledby="visits-heading" className="stack">
          <h2 id="visits-heading">Visits</h2>
          <p>
            {totalViews} page views in the last {data.days} days, since {new Date(data.since).toLocaleDateString()}.
          </p>
          <p className="hint">
            Views are counted in visitors' browsers. Robots that name themselves, the site owner and signed-in site users other than viewers are not counted.
            Page views are kept 90 days.
          </p>
          {data.paths.length === 0 ? (
            <p>No visits yet.</p>
          ) : (
            <div className="table-wrap" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Visits by page</caption>
                <thead>
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col" className="number">
                      Views
                    </th>
                    <th scope="col" className="number">
                      Visitors
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.paths.map((row) => (
                    <tr key={row.path}>
                      <td>{row.path}</td>
                      <td className="number">{row.views}</td>
                      <td className="number">{row.visitors}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </>
  );
}
