import { useQuery } from '../../../api/use-query.js';
import { ErrorText } from '../../../ui/ErrorText.js';
import { Loading } from '../../../ui/Loading.js';
import { HEADER_FOOTER_PATH, type HeaderFooter } from '../../header-footer/header-footer-calls.js';
import { CaptchaKeysForm } from './CaptchaKeysForm.js';
import { CommercePreferencesForm } from './CommercePreferencesForm.js';
import { LeaveGuard } from './leave-guard.js';
import { SiteSettingsPaths, type SiteSettingsView } from './site-settings-calls.js';
import { StoreConfigForm } from './StoreConfigForm.js';
import { VisitorSettingsForm } from './VisitorSettingsForm.js';
// biome-ignore lint/correctness/useImportExtensions: the section's stylesheet, bundled by Vite
import './site-settings.css';

/**
 * The Site section of Settings: what visitors see (drafted), time zone, locale and currency,
 * captcha and commerce preferences (in effect at once). Leaving with unsaved edits asks to save
 * or discard them.
 */
export function SiteSettingsSection() {
  const settings = useQuery<SiteSettingsView>(SiteSettingsPaths.SETTINGS);
  const headerFooter = useQuery<HeaderFooter>(HEADER_FOOTER_PATH);
  return (
    <section aria-labelledby="site-settings-heading" className="stack panel">
      <h2 id="site-settings-heading">Site</h2>
      {(settings.status === 'loading' || headerFooter.status === 'loading') && <Loading />}
      <ErrorText error={settings.error ?? headerFooter.error} />
      {settings.data && headerFooter.data && (
        <LeaveGuard>
          <VisitorSettingsForm current={settings.data.visitor} headerFooter={headerFooter.data} settings={settings.data} />
          <StoreConfigForm current={settings.data.store} settings={settings.data} />
          <CaptchaKeysForm current={settings.data.captcha} settings={settings.data} />
          <CommercePreferencesForm />
        </LeaveGuard>
      )}
    </section>
  );
}
