import type { MemberAreaList } from '@emporium/server/member-areas/schemas';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';
import { ConfirmDialog } from '../editor/ConfirmDialog.js';
import { MEMBER_AREAS_PATH } from '../member-areas/member-area-calls.js';
import { customerPaths, type CustomerMembership } from './customer-types.js';

interface CustomerMembershipsProps {
  readonly siteUserId: string;
  readonly email: string;
  /** The owner may grant and revoke (members:write). */
  readonly mayEdit: boolean;
}

/** How a membership was gained, as the screen says it. */
function gainedText(membership: CustomerMembership): string {
  if (membership.source === 'order') return membership.orderNumber === null ? 'bought' : `bought with order #${membership.orderNumber}`;
  if (membership.source === 'free') return 'joined free';
  return 'granted by an owner';
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** The member areas a customer belongs to (and belonged to), with grant and revoke for owners who manage member areas. */
export function CustomerMemberships({ siteUserId, email, mayEdit }: CustomerMembershipsProps) {
  const paths = customerPaths(siteUserId);
  const memberships = useQuery<{ memberships: CustomerMembership[] }>(paths.memberships);
  const areas = useQuery<MemberAreaList>(MEMBER_AREAS_PATH);
  const [areaId, setAreaId] = useState('');
  const [revoking, setRevoking] = useState<CustomerMembership | null>(null);
  const grant = useMutation((id: string) => api<unknown>(paths.memberships, { method: 'POST', body: { areaId: id } }), [paths.memberships, MEMBER_AREAS_PATH]);
  const revoke = useMutation((id: string) => api<unknown>(paths.membership(id), { method: 'DELETE' }), [paths.memberships, MEMBER_AREAS_PATH]);
  if (memberships.status === 'loading') return <Loading />;
  const list = memberships.data?.memberships ?? [];
  const active = list.filter((m) => m.active);
  const past = list.filter((m) => !m.active);
  const held = new Set(active.map((m) => m.areaId));
  const grantable = (areas.data?.memberAreas ?? []).filter((area) => !held.has(area.id));
  const chosen = grantable.some((area) => area.id === areaId) ? areaId : (grantable[0]?.id ?? '');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    revoke.reset();
    if (chosen) await grant.run(chosen);
  };
  const confirmRevoke = async () => {
    if (revoking) await revoke.run(revoking.areaId);
    setRevoking(null);
  };
  return (
    <section aria-labelledby="customer-memberships" className="stack panel">
      <h2 id="customer-memberships">Memberships</h2>
      <ErrorText error={memberships.error} />
      {active.length === 0 ? (
        <p>Not a member of any member area.</p>
      ) : (
        <ul aria-label="Member areas of this customer">
          {active.map((membership) => (
            <li key={membership.id}>
              <strong>{membership.areaName}</strong> · since {day(membership.startedAt)} · {gainedText(membership)}
              {membership.renewsAt ? ` · renews ${day(membership.renewsAt)}` : ''}
              {mayEdit && (
                <>
                  {' · '}
                  <button type="button" className="link" onClick={() => setRevoking(membership)}>
                    Revoke
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details>
          <summary>Ended memberships ({past.length})</summary>
          <ul>
            {past.map((membership) => (
              <li key={membership.id}>
                {membership.areaName} · {day(membership.startedAt)} to {membership.endedAt ? day(membership.endedAt) : 'its subscription’s end'} ·{' '}
                {gainedText(membership)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <ErrorText error={revoke.error} />
      {mayEdit && grantable.length > 0 && (
        <form onSubmit={(event) => void submit(event)} className="customer-form-row">
          <Select
            label="Member area"
            name="areaId"
            value={chosen}
            options={grantable.map((area) => ({ value: area.id, label: area.name }))}
            onChange={(event) => setAreaId(event.target.value)}
          />
          <button type="submit" className="secondary" disabled={grant.pending}>
            Grant membership
          </button>
        </form>
      )}
      {mayEdit && <p className="hint">A granted membership is free: the customer pays nothing and gets access at once.</p>}
      <ErrorText error={grant.error ?? areas.error} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.areaName ?? ''} for ${email}?`}
        confirmLabel="Revoke membership"
        danger
        pending={revoke.pending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>They lose access to the area’s pages at once.</p>
        {revoking?.subscriptionId && <p>Their subscription keeps running: cancel it on the Subscriptions screen to stop the payments.</p>}
      </ConfirmDialog>
    </section>
  );
}
