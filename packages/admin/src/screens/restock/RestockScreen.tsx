import { apiHref } from '../../api/http.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { OutboxList } from './OutboxList.js';
import { SignUpGroups } from './SignUpGroups.js';
import { SignUpList } from './SignUpList.js';

/** Back-in-stock sign-ups by variant (with sending), every sign-up, and the mail outbox. */
export default function RestockScreen() {
  return (
    <>
      <ScreenHeading>Restock</ScreenHeading>
      <p>
        Visitors ask to be mailed when a sold-out variant is back. Send the mail once the stock is in.{' '}
        <a href={apiHref('/api/owner/restock.csv')}>Download all sign-ups (CSV)</a>
      </p>
      <SignUpGroups />
      <SignUpList />
      <OutboxList />
    </>
  );
}
