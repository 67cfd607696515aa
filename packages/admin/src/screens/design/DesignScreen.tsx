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
import { SiteStylesEditor } from './SiteStylesEditor.js';
import { StyleEditor } from './StyleEditor.js';
import { ThemePicker } from './ThemePicker.js';
import { ThemeUpload } from './ThemeUpload.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './design.css';

/** The site's look: its theme, the site styles (palette, colour themes, fonts, animations), the theme's style settings, uploads and page layouts. */
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
      <section aria-labelledby="site-styles-heading" className="stack panel">
        <h2 id="site-styles-heading">Site styles</h2>
        <p className="hint">
          A palette with its colour themes, fonts and animations, kept when you change themes. Saved changes are drafts: visitors see them once you publish.
        </p>
        {siteStyles.status === 'loading' && <Loading />}
        <ErrorText error={siteStyles.error} />
        {siteStyles.data && <SiteStylesEditor view={siteStyles.data} />}
      </section>
      <section aria-labelledby="style-heading" className="stack panel">
        <h2 id="style-heading">Style{tweaks.data ? ` of ${tweaks.data.themeName}` : ''}</h2>
        <p className="hint">Colours, fonts and sizes of the current theme. Saved changes are drafts: visitors see them once you publish.</p>
        {tweaks.status === 'loading' && <Loading />}
        <ErrorText error={tweaks.error} />
        {tweaks.data && <StyleEditor key={tweaks.data.themeId} groups={tweaks.data} layouts={current?.layouts ?? []} />}
      </section>
      {themes.data && current && current.layouts.length > 1 && <PageLayouts list={themes.data} theme={current} />}
      {themes.data && <ThemeUpload />}
    </LeaveGuard>
  );
}
