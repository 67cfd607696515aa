import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { AuditLog } from './AuditLog.js';
import { CollectionPassword } from './CollectionPassword.js';
import { DonationsSection } from './DonationsSection.js';
import { OwnersSection } from './OwnersSection.js';
import { PaymentsSection } from './PaymentsSection.js';
import { PopupOverlay } from './PopupOverlay.js';
import { SitePassword } from './SitePassword.js';
import { StoreCreation } from '../store-creation/StoreCreation.js';

/** Site settings: payments, donations, passwords, the newsletter popup, owners and the audit log. */
export default function SettingsScreen() {
  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      <StoreCreation />
      <PaymentsSection />
      <DonationsSection />
      <SitePassword />
      <CollectionPassword />
      <PopupOverlay />
      <OwnersSection />
      <AuditLog />
    </>
  );
}
