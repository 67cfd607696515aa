import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { membersPath, type MemberAreaView, type MemberList } from './member-area-calls.js';

interface MembersListProps {
  readonly area: MemberAreaView;
}

const SOURCE_TEXT: Readonly<Record<string, string>> = { order: 'Bought', free: 'Joined free', owner: 'Added by an owner' };

/** The members of an area, newest first, with the date each joined and whether they are still members. */
export function MembersList({ area }: MembersListProps) {
  const members = useQuery<MemberList>(membersPath(area.id));
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members of {area.name}</h2>
      {members.status === 'loading' && <Loading />}
      <ErrorText error={members.error} />
      {members.data && members.data.members.length === 0 && <p>No members yet.</p>}
      {members.data && members.data.members.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Members of {area.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Since</th>
                <th scope="col">How</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.id}>
                  <td className="wide breakable" data-label="Member">
                    {member.displayName ? `${member.displayName} (${member.email})` : member.email}
                  </td>
                  <td data-label="Since">{new Date(member.startedAt).toLocaleDateString()}</td>
                  <td data-label="How">{SOURCE_TEXT[member.source] ?? member.source}</td>
                  <td data-label="State">{member.active ? 'Member' : 'Ended'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
