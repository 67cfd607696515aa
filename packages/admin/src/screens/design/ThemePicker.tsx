import { useRef, useState } from 'react';
import { invalidate, setData } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { chooseTheme, THEMES_PATH, TWEAKS_PATH, type ThemeList, type ThemeSummary } from './design-calls.js';

interface ThemePickerProps {
  readonly list: ThemeList;
  /** The site's public address, for the link to it. */
  readonly siteUrl: string | undefined;
}

/** The themes the site may use as cards: the current one marked, any other chosen after a confirmation. */
export function ThemePicker({ list, siteUrl }: ThemePickerProps) {
  const [asking, setAsking] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const choose = useMutation(chooseTheme);
  /** The theme whose card takes the focus when it next renders (after a confirmation closes). */
  const focusOn = useRef<string | null>(null);
  const takeFocus = (themeId: string) => (node: HTMLElement | null) => {
    if (node && focusOn.current === themeId) {
      focusOn.current = null;
      node.focus();
    }
  };
  const current = list.themes.find((theme) => theme.id === list.currentThemeId);

  const confirm = async (theme: ThemeSummary) => {
    setNotice('');
    const answer = await choose.run(theme.id);
    if (!answer) return;
    focusOn.current = theme.id;
    setAsking(null);
    setData(THEMES_PATH, answer);
    invalidate(TWEAKS_PATH);
    setNotice(`Your site now uses ${theme.name}.`);
  };

  return (
    <section aria-labelledby="themes-heading" className="stack panel">
      <h2 id="themes-heading">Theme</h2>
      <p className="hint">The theme sets the look of every page of your site. Your content stays as it is when you change it.</p>
      <ul className="theme-cards">
        {list.themes.map((theme) => {
          const isCurrent = theme.id === list.currentThemeId;
          const headingId = `theme-${theme.id}`;
          return (
            <li key={theme.id} className={isCurrent ? 'card theme-card current' : 'card theme-card'}>
              <div className="theme-card-head">
                <h3 id={headingId} tabIndex={-1} ref={isCurrent ? takeFocus(theme.id) : undefined}>
                  {theme.name}
                </h3>
                {isCurrent && <span className="badge">Current</span>}
              </div>
              <p className="meta">
                {theme.author ? `By ${theme.author}` : 'Author not named'}
                {theme.builtIn ? '' : ` · uploaded, version ${theme.version}`}
              </p>
              <p className="meta">
                {theme.layouts.length === 1 ? '1 layout' : `${theme.layouts.length} layouts`}: {theme.layouts.map((layout) => layout.name).join(', ')}
              </p>
              {isCurrent ? (
                siteUrl && (
                  <a href={siteUrl} target="_blank" rel="noopener">
                    View your site<span className="visually-hidden"> with {theme.name} (opens in a new tab)</span>
                  </a>
                )
              ) : asking === theme.id ? (
                <div role="alertdialog" aria-labelledby={`${headingId}-question`} className="stack confirm">
                  <p id={`${headingId}-question`}>
                    <strong>Use {theme.name}?</strong> Your site's pages change at once: visitors see {theme.name} on the next page they open.
                  </p>
                  <ErrorText error={choose.error} />
                  <div className="actions">
                    <button type="button" autoFocus disabled={choose.pending} onClick={() => void confirm(theme)}>
                      {choose.pending ? 'Changing…' : `Use ${theme.name}`}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={choose.pending}
                      onClick={() => {
                        choose.reset();
                        focusOn.current = theme.id;
                        setAsking(null);
                      }}
                    >
                      Keep {current?.name ?? 'the current theme'}
                    </button>
                  </div>
                </div>
              ) : (
                <button
                  type="button"
                  className="secondary"
                  ref={takeFocus(theme.id)}
                  aria-describedby={headingId}
                  onClick={() => {
                    choose.reset();
                    setNotice('');
                    setAsking(theme.id);
                  }}
                >
                  Use this theme
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status">{notice}</p>
    </section>
  );
}
