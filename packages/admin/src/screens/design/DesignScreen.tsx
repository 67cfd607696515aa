import { ApiError } from '../../api/http.js';
import { siteOfSession, useSession } from '../../api/session.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { LeaveGuard } from '../settings/site/leave-guard.js';
import { THEMES_PATH, TWEAKS_PATH, type ThemeList, type TweakGroups } from './design-calls.js';
import { PageLayouts } from './PageLayouts.js';
import { SITE_STYLES_PATH, type SiteStylesView } from './site-styles-calls.js';
import { StylePanels } from './StylePanels.js';
import { ThemePicker } from './ThemePicker.js';
import { ThemeUpload } from './ThemeUpload.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './design.css';

/** The site's look: its theme, its colours and fonts (the site styles, or the theme's own), the theme's other style settings, uploads and page layouts. */
export default function DesignScreen() {
  const session = useSession();
  const themes = useQuery<ThemeList>(THEMES_PATH);
  const tweaks = useQuery<TweakGroups>(TWEAKS_PATH);
  const siteStyles = useQuery<SiteStylesView>(SITE_STYLES_PATH);
  const siteUrl = siteOfSession(session.data)?.url;

  if (themes.error instanceof ApiError && themes.error.status === 403) {
    return (
      <>
        <ScreenHeading>Design</ScreenHeading>
        <p>Your role does not include the site's settings, so the design is not yours to see or change. An admin of the site can give you access.</p>
      </>
    );
  }
  const current = themes.data?.themes.find((theme) => theme.id === themes.data?.currentThemeId);
  return (
    <LeaveGuard>
      <ScreenHeading>Design</ScreenHeading>
      {themes.status === 'loading' && <Loading />}
      <ErrorText error={themes.error} />
      {themes.data && <ThemePicker list={themes.data} siteUrl={siteUrl} />}
      <StylePanels siteStyles={siteStyles} tweaks={tweaks} layouts={current?.layouts ?? []} />
      {themes.data && current && current.layouts.length > 1 && <PageLayouts list={themes.data} theme={current} />}
      {themes.data && <ThemeUpload />}
    </LeaveGuard>
  );
}
