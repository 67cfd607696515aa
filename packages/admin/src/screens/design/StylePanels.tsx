import type { QueryState } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import type { TweakGroups } from './design-calls.js';
import type { SiteStylesView } from './site-styles-calls.js';
import { SiteStylesEditor } from './SiteStylesEditor.js';
import { StyleEditor } from './StyleEditor.js';
import { type TweakDraft, useTweakDraft } from './use-tweak-draft.js';

type Layouts = readonly { readonly id: string; readonly name: string }[];

interface StylePanelsProps {
  readonly siteStyles: QueryState<SiteStylesView>;
  readonly tweaks: QueryState<TweakGroups>;
  /** The current theme's layouts (to say which pages a setting applies to). */
  readonly layouts: Layouts;
}

/**
 * The site's look in two sections: Site styles (colours and fonts, with the theme's own colour
 * and font settings where the site styles leave them to the theme, and animations), then the
 * theme's other settings. One draft of the theme's settings serves both (decision 0050, addendum).
 */
export function StylePanels({ siteStyles, tweaks, layouts }: StylePanelsProps) {
  if (!tweaks.data) return <Sections siteStyles={siteStyles} tweaks={tweaks} draft={undefined} layouts={layouts} />;
  return <WithTweaks key={tweaks.data.themeId} groups={tweaks.data} siteStyles={siteStyles} tweaks={tweaks} layouts={layouts} />;
}

function WithTweaks({ groups, ...props }: StylePanelsProps & { readonly groups: TweakGroups }) {
  const draft = useTweakDraft(groups);
  return <Sections {...props} draft={draft} />;
}

function Sections({ siteStyles, tweaks, draft, layouts }: StylePanelsProps & { readonly draft: TweakDraft | undefined }) {
  return (
    <>
      <section aria-labelledby="site-styles-heading" className="stack panel">
        <h2 id="site-styles-heading">Site styles</h2>
        <p className="hint">
          The site’s colours and fonts: a palette with its colour themes or the theme’s own colours, a font theme or the theme’s own fonts, and animations. The
          palette and font themes are kept when you change themes. Saved changes are drafts: visitors see them once you publish.
        </p>
        {siteStyles.status === 'loading' && <Loading />}
        <ErrorText error={siteStyles.error} />
        {siteStyles.data && <SiteStylesEditor view={siteStyles.data} tweaks={draft} layouts={layouts} />}
      </section>
      <section aria-labelledby="style-heading" className="stack panel">
        <h2 id="style-heading">Style{tweaks.data ? ` of ${tweaks.data.themeName}` : ''}</h2>
        <p className="hint">
          Sizes, the header and the other settings of the current theme (its colours and fonts are under Site styles). Saved changes are drafts: visitors see
          them once you publish.
        </p>
        {tweaks.status === 'loading' && <Loading />}
        <ErrorText error={tweaks.error} />
        {draft && <StyleEditor draft={draft} layouts={layouts} />}
      </section>
    </>
  );
}
