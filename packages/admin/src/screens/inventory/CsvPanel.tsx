import { useId, useState, type FormEvent } from 'react';
import { api, apiHref } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { EXPORT_PATH, IMPORT_PATH, type ImportReport, INVENTORY_PATH, PRODUCTS_PATH } from './inventory-types.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** CSV export of products and stock, and an import whose rejected rows are listed with their line and reason. */
export function CsvPanel() {
  const fileId = useId();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [fileError, setFileError] = useState('');
  const send = useMutation((csv: string) => api<ImportReport>(IMPORT_PATH, { method: 'POST', body: { csv } }), [PRODUCTS_PATH, INVENTORY_PATH]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setReport(null);
    send.reset();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setFileError('Choose a CSV file with a header row naming SKU and Stock.');
      return;
    }
    setFileError('');
    const answer = await send.run(await file.text());
    if (answer) setReport(answer);
  };

  return (
    <section className="panel stack" aria-labelledby="stock-csv-heading">
      <h2 id="stock-csv-heading">Export and import</h2>
      <p>
        <a href={apiHref(EXPORT_PATH)} download>
          Download products and stock (CSV)
        </a>
      </p>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={fileId}>Stock CSV to import</label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            aria-invalid={fileError ? true : undefined}
          />
          <p className="hint" id={`${fileId}-hint`}>
            A header row naming SKU and Stock (Unlimited optional). An edited export imports back as it is.
          </p>
          {fileError && (
            <p className="field-error" id={`${fileId}-error`}>
              {fileError}
            </p>
          )}
        </div>
        <div>
          <button type="submit" disabled={send.pending}>
            {send.pending ? 'Importing…' : 'Import stock'}
          </button>
        </div>
      </form>
      <ErrorText error={send.error} />
      <div role="status">
        {report && (
          <p>
            {plural(report.applied, 'row applied', 'rows applied')}, {plural(report.unchanged, 'row unchanged', 'rows unchanged')},{' '}
            {plural(report.rejected.length, 'row rejected', 'rows rejected')}.
          </p>
        )}
      </div>
      {report && report.rejected.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>Rejected rows</caption>
            <thead>
              <tr>
                <th scope="col" className="number">
                  Line
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((row) => (
                <tr key={`${row.line}-${row.reason}`}>
                  <td className="number">{row.line}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
