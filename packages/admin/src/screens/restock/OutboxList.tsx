import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import type { OutboxMail } from './restock-types.js';

const STATUS: Readonly<Record<OutboxMail['status'], string>> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

/** The site's newest mails and how their delivery went. */
export function OutboxList() {
  const outbox = useQuery<{ mails: OutboxMail[] }>('/api/owner/outbox');
  return (
    <section aria-labelledby="outbox-heading" className="stack">
      <h2 id="outbox-heading">Outgoing mail</h2>
      {outbox.status === 'loading' && <Loading />}
      <ErrorText error={outbox.error} />
      {outbox.data && outbox.data.mails.length === 0 && <p>No mail yet.</p>}
      {outbox.data && outbox.data.mails.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Newest mails</caption>
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.mails.map((mail) => (
                <tr key={mail.id}>
                  <td>{new Date(mail.createdAt).toLocaleString()}</td>
                  <td>{mail.toAddress}</td>
                  <td>{mail.subject}</td>
                  <td>
                    {STATUS[mail.status]}
                    {mail.lastError ? ` (${mail.lastError})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
