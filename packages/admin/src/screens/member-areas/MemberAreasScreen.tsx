import { useState } from 'react';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { MemberAreaForm } from './MemberAreaForm.js';
import { MembersList } from './MembersList.js';
import { billingText, MEMBER_AREAS_PATH, type MemberAreaList, type MemberAreaView } from './member-area-calls.js';

/** Member areas: the list with price, billing and members; a form to add or edit one (name, price, billing, trial, gated pages); the members of the one open. */
export default function MemberAreasScreen() {
  const list = useQuery<MemberAreaList>(MEMBER_AREAS_PATH);
  const [open, setOpen] = useState<MemberAreaView | 'new' | null>(null);
  const currency = list.data?.currency ?? 'USD';
  return (
    <>
      <ScreenHeading>Member areas</ScreenHeading>
      <p>Sell access to pages: visitors who are not members see a page with a join button; members see the page.</p>
      {list.status === 'loading' && <Loading />}
      <ErrorText error={list.error} />
      {list.data && list.data.memberAreas.length === 0 && <p>No member areas yet.</p>}
      {list.data && list.data.memberAreas.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Member areas</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="number">
                  Price
                </th>
                <th scope="col">Billing</th>
                <th scope="col" className="number">
                  Members
                </th>
                <th scope="col">Join page</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.memberAreas.map((area) => (
                <tr key={area.id}>
                  <td className="wide" data-label="Name">
                    {area.name}
                  </td>
                  <td className="number" data-label="Price">
                    {area.priceCents === 0 ? 'Free' : formatCents(area.priceCents, area.currency)}
                  </td>
                  <td data-label="Billing">{billingText(area)}</td>
                  <td className="number" data-label="Members">
                    {area.activeMembers}
                  </td>
                  <td className="breakable" data-label="Join page">
                    <code>{area.joinUrl}</code>
                  </td>
                  <td data-label="Actions">
                    <button type="button" onClick={() => setOpen(area)} aria-label={`Edit ${area.name}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open === null && (
        <p>
          <button type="button" onClick={() => setOpen('new')}>
            New member area
          </button>
        </p>
      )}
      {open !== null && (
        <MemberAreaForm key={open === 'new' ? 'new' : open.id} area={open === 'new' ? undefined : open} currency={currency} onDone={() => setOpen(null)} />
      )}
      {open !== null && open !== 'new' && <MembersList area={open} />}
    </>
  );
}
