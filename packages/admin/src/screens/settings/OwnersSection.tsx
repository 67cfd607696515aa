import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';

const OWNERS_PATH = '/api/owner/owners';

/** Owner roles (docs/roles.md), as the server names them, with their labels. */
export const ROLES = [
  { value: 'admin', label: 'Admin' },
  { value: 'store-manager', label: 'Store manager' },
  { value: 'editor', label: 'Editor' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'reporting', label: 'Reporting' },
  { value: 'viewer', label: 'Viewer' },
  { value: 'billing', label: 'Billing' },
  { value: 'website-manager', label: 'Website manager' },
] as const;

interface OwnerSummary {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly invitationPending: boolean;
  readonly lastSignInAt: string | null;
}

/** The site's owners: invite by mail, change a role, remove. Shown to owners who may manage owners. */
export function OwnersSection() {
  const owners = useQuery<{ owners: OwnerSummary[] }>(OWNERS_PATH);
  const [notice, setNotice] = useState('');
  const invite = useMutation((body: { email: string; role: string }) => api<{ owner: OwnerSummary }>(OWNERS_PATH, { method: 'POST', body }), [OWNERS_PATH]);
  const change = useMutation(
    ({ id, role }: { id: string; role: string | null }) =>
      role === null
        ? api(`${OWNERS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : api(`${OWNERS_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } }),
    [OWNERS_PATH],
  );
  if (owners.error instanceof ApiError && (owners.error.status === 404 || owners.error.status === 403)) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    setNotice('');
    if (await invite.run({ email, role: String(data.get('role') ?? 'viewer') })) {
      form.reset();
      setNotice(`Invitation mailed to ${email}.`);
    }
  };
  const roleLabel = (role: string) => ROLES.find((candidate) => candidate.value === role)?.label ?? role;
  return (
    <section aria-labelledby="owners-heading" className="stack panel">
      <h2 id="owners-heading">Owners</h2>
      {owners.status === 'loading' && <Loading />}
      <ErrorText error={owners.error ?? change.error} />
      {owners.data && owners.data.owners.length === 0 && <p>No owner accounts yet. Invite the first one below.</p>}
      {owners.data && owners.data.owners.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Owners of this site</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {owners.data.owners.map((owner) => (
                <tr key={owner.id}>
                  <td className="wide" data-label="Email">
                    {owner.email}
                    {owner.invitationPending ? ' (invited)' : ''}
                  </td>
                  <td className="wide" data-label="Role">
                    <Select
                      label={`Role of ${owner.email}`}
                      options={ROLES}
                      value={owner.role}
                      disabled={change.pending}
                      onChange={(event) =>
                        void change
                          .run({ id: owner.id, role: event.target.value })
                          .then((done) => done !== undefined && setNotice(`${owner.email} is now ${roleLabel(event.target.value)}.`))
                      }
                    />
                  </td>
                  <td data-label="Last sign-in">{owner.lastSignInAt ? new Date(owner.lastSignInAt).toLocaleString() : 'Never'}</td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={change.pending}
                      onClick={() => void change.run({ id: owner.id, role: null }).then((done) => done !== undefined && setNotice(`${owner.email} removed.`))}
                    >
                      Remove<span className="visually-hidden"> {owner.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={submit} className="stack inline-form">
        <h3>Invite an owner</h3>
        <Field label="Email" name="email" type="email" required autoComplete="off" />
        <Select label="Role" name="role" options={ROLES} defaultValue="viewer" />
        <ErrorText error={invite.error} />
        <button type="submit" disabled={invite.pending}>
          {invite.pending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
      <p role="status">{notice}</p>
    </section>
  );
}
