import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { AuditLog } from './AuditLog.js';
import { CollectionPassword } from './CollectionPassword.js';
import { DonationsSection } from './DonationsSection.js';
import { OwnersSection } from './OwnersSection.js';
import { PaymentsSection } from './PaymentsSection.js';
import { PopupOverlay } from './PopupOverlay.js';
import { SitePassword } from './SitePassword.js';
import { SiteSettingsSection } from './site/SiteSettingsSection.js';
import { StoreCreation } from '../store-creation/StoreCreation.js';

/** Site settings: the site itself (what visitors see, time zone, locale, currency, captcha, commerce preferences), payments, donations, passwords, the newsletter popup, owners and the audit log. */
export default function SettingsScreen() {
  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      <SiteSettingsSection />
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
