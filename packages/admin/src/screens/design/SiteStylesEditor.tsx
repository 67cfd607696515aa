import type { CollectionList } from '@emporium/server/catalogue/schemas';
import { type ColorThemeColors, type ColorThemeId, colorThemesOf, type Palette } from '@emporium/theme/color-themes';
import { colorThemeContrastProblems } from '@emporium/theme/contrast';
import type { FontUsageCategory } from '@emporium/theme/site-styles';
import { type FormEvent, useState } from 'react';
import { draftsChanged } from '../../api/drafts.js';
import { invalidate, setData } from '../../api/query-cache.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { useLeaveGuard } from '../settings/site/leave-guard.js';
import { ColorThemeFields, type ColorAssignments } from './ColorThemeFields.js';
import { ContrastWarnings } from './ContrastWarnings.js';
import { TWEAKS_PATH } from './design-calls.js';
import { FontFields } from './FontFields.js';
import { PaletteFields } from './PaletteFields.js';
import { ThemeTweaks } from './ThemeTweaks.js';
import { tweaksOfConcern } from './tweak-concerns.js';
import type { TweakDraft } from './use-tweak-draft.js';
import {
  dirtyPathLabel,
  dirtyPaths,
  FONT_MESSAGES,
  FONTS_PATH,
  type FontOption,
  SITE_STYLES_PATH,
  type SiteStylesValue,
  type SiteStylesView,
  saveSiteStyles,
} from './site-styles-calls.js';

type Colors = NonNullable<SiteStylesValue['colors']>;
const COLLECTIONS_PATH = '/api/owner/catalogue/collections';
const ANIMATION_LABELS: Readonly<Record<string, string>> = { none: 'None', fade: 'Fade in', slide: 'Slide up' };

interface SiteStylesEditorProps {
  readonly view: SiteStylesView;
  /** The current theme's settings being edited: its colours and fonts show here, where the site styles leave them to the theme. */
  readonly tweaks: TweakDraft | undefined;
  readonly layouts: readonly { readonly id: string; readonly name: string }[];
}

/**
 * The site's colours and fonts in one place: the palette and its colour themes (with their
 * contrast checked as the owner edits) or, until the owner uses a palette, the theme's own colour
 * settings; a font theme with fonts by use and previews or the theme's own font settings; and
 * animations. Unsaved parts are named by the spec's style dirty paths; leaving with any asks to
 * save or discard. Saving also saves the theme's colour and font settings changed here.
 */
export function SiteStylesEditor({ view, tweaks, layouts }: SiteStylesEditorProps) {
  const [draft, setDraft] = useState<SiteStylesValue>(view.value);
  const [notice, setNotice] = useState('');
  const fonts = useQuery<{ fonts: FontOption[] }>(FONTS_PATH);
  const pages = useQuery<CollectionList>(COLLECTIONS_PATH);
  const save = useMutation(saveSiteStyles);
  const dirty = dirtyPaths(view.value, draft);
  const themeName = tweaks?.groups.themeName ?? 'The theme';
  // The theme's own colour and font settings show only while the site styles leave that concern to the theme.
  const themeColours = tweaks && !draft.colors ? tweaksOfConcern(tweaks.groups, 'colours') : [];
  const themeFonts = tweaks && !draft.fonts ? tweaksOfConcern(tweaks.groups, 'fonts') : [];
  const shownTweaks = [...themeColours, ...themeFonts].map((t) => t.title);
  const tweaksChanged = (tweaks?.changed ?? []).filter((title) => shownTweaks.includes(title));
  const unsaved = [
    ...dirty.map(dirtyPathLabel),
    ...(tweaksChanged.some((t) => themeColours.some((c) => c.title === t)) ? [`${themeName}’s colours`] : []),
    ...(tweaksChanged.some((t) => themeFonts.some((f) => f.title === t)) ? [`${themeName}’s fonts`] : []),
  ];

  const palette = (draft.colors?.palette ?? view.palette) as unknown as Palette;
  const themes = colorThemesOf(palette, draft.colors?.themes);
  const contrast = draft.colors ? colorThemeContrastProblems(themes) : [];
  const fontTheme = view.fontThemes.find((t) => t.id === draft.fonts?.activeThemeId);
  const usage = fontTheme ? ({ ...fontTheme.usage, ...draft.fonts?.usageCategories } as Record<FontUsageCategory, { family: string; weight: number }>) : null;

  const change = (next: SiteStylesValue) => {
    setNotice('');
    setDraft(next);
  };
  const changeColors = (update: (colors: Colors) => Colors) => {
    const colors: Colors = draft.colors ?? { palette: [...view.palette], themes: {}, defaultThemeId: 'white', pages: {} };
    change({ ...draft, colors: update(colors) });
  };
  const adjust = (id: ColorThemeId, colors: Partial<ColorThemeColors> | undefined) =>
    changeColors((current) => {
      const { [id]: before, ...rest } = current.themes;
      return { ...current, themes: colors ? { ...rest, [id]: { ...before, ...colors } } : rest };
    });
  const assign = (a: ColorAssignments) =>
    changeColors((current) => {
      const { header: _h, footer: _f, ...base } = current;
      return {
        ...base,
        defaultThemeId: a.defaultThemeId,
        pages: { ...a.pages },
        ...(a.header ? { header: a.header } : {}),
        ...(a.footer ? { footer: a.footer } : {}),
      };
    });

  const saveDraft = async (): Promise<boolean> => {
    if (dirty.length > 0) {
      const answer = await save.run(draft);
      if (!answer) return false;
      setData(SITE_STYLES_PATH, answer);
      invalidate(TWEAKS_PATH);
      draftsChanged();
      setDraft(answer.value);
    }
    if (tweaks && tweaksChanged.length > 0 && !(await tweaks.save('site-styles', shownTweaks))) return false;
    setNotice('Site styles saved as a draft. Publish to show them to visitors.');
    return true;
  };
  useLeaveGuard('site-styles', {
    name: 'Site styles',
    dirty: unsaved.length > 0,
    save: saveDraft,
    discard: () => {
      setDraft(view.value);
      for (const title of tweaksChanged) tweaks?.set(title, tweaks.groups.categories.flatMap((c) => c.tweaks).find((t) => t.title === title)?.value ?? '');
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unsaved.length === 0) {
      setNotice('Nothing to save: no site style has changed.');
      return;
    }
    await saveDraft();
  };

  return (
    <form onSubmit={submit} className="stack" noValidate data-dirty-paths={dirty.join(' ')}>
      <ContrastWarnings pairs={contrast} />
      <PaletteFields palette={palette} themes={themes} onChange={(next) => changeColors((colors) => ({ ...colors, palette: next }))} />
      {draft.colors ? (
        <button type="button" className="secondary" onClick={() => change({ ...draft, colors: undefined })}>
          Use the theme’s own colours
        </button>
      ) : (
        <p className="hint">The site uses the theme’s own colours until you change the palette or a colour theme.</p>
      )}
      {tweaks && !draft.colors && themeColours.length > 0 && (
        <fieldset className="tweak-group">
          <legend>{themeName}’s colours</legend>
          <ContrastWarnings pairs={tweaks.groups.contrast.filter((pair) => !pair.colorTheme)} />
          <ThemeTweaks tweaks={themeColours} draft={tweaks} layouts={layouts} onEdit={() => setNotice('')} />
        </fieldset>
      )}
      {tweaks && draft.colors && tweaksOfConcern(tweaks.groups, 'colours').length > 0 && (
        <p className="hint">The palette sets the site’s colours. {themeName}’s own colour settings are kept for when you use the theme’s own colours again.</p>
      )}
      <ColorThemeFields
        themes={themes}
        assignments={{
          defaultThemeId: draft.colors?.defaultThemeId ?? 'white',
          header: draft.colors?.header,
          footer: draft.colors?.footer,
          pages: draft.colors?.pages ?? {},
        }}
        pages={(pages.data?.collections ?? []).map((p) => ({ id: p.id, title: p.title }))}
        onAdjust={adjust}
        onAssign={assign}
      />
      {fonts.status === 'error' ? (
        <p className="field-error" role="alert">
          {FONT_MESSAGES.LIST_FAILED}
        </p>
      ) : (
        <FontFields
          fontThemes={view.fontThemes}
          fonts={fonts.data?.fonts ?? []}
          activeThemeId={draft.fonts?.activeThemeId ?? 'theme'}
          usage={fonts.data ? usage : null}
          themeName={themeName}
          themeFonts={
            themeFonts.length > 0 && tweaks ? <ThemeTweaks tweaks={themeFonts} draft={tweaks} layouts={layouts} onEdit={() => setNotice('')} /> : undefined
          }
          hasThemeFonts={!!tweaks && tweaksOfConcern(tweaks.groups, 'fonts').length > 0}
          onTheme={(id) => change({ ...draft, fonts: id === 'theme' ? undefined : { activeThemeId: id as 'modern', usageCategories: {} } })}
          onUsage={(category, choice) =>
            change({
              ...draft,
              fonts: { activeThemeId: draft.fonts?.activeThemeId ?? 'modern', usageCategories: { ...draft.fonts?.usageCategories, [category]: choice } },
            })
          }
        />
      )}
      <fieldset className="tweak-group">
        <legend>Animations</legend>
        <p className="hint">Sections and blocks come in as visitors scroll to them; never for visitors who ask their device for less motion.</p>
        {view.animations.map((kind) => (
          <label key={kind} className="check">
            <input
              type="radio"
              name="animations"
              value={kind}
              checked={(draft.animations ?? 'none') === kind}
              onChange={() => change({ ...draft, animations: kind as 'none' })}
            />
            {ANIMATION_LABELS[kind] ?? kind}
          </label>
        ))}
      </fieldset>
      <div className="sticky-actions stack">
        <ErrorText error={save.error ?? (tweaks?.savedBy === 'site-styles' ? tweaks.error : undefined)} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" disabled={save.pending || tweaks?.pending}>
            {save.pending ? 'Saving…' : 'Save site styles'}
          </button>
          {unsaved.length > 0 && <span className="meta">Unsaved: {unsaved.join(', ')}</span>}
        </div>
      </div>
    </form>
  );
}
