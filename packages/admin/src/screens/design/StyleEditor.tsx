import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../ui/ErrorText.js';
import { otherCategories } from './tweak-concerns.js';
import { ThemeTweaks } from './ThemeTweaks.js';
import type { TweakDraft } from './use-tweak-draft.js';

interface StyleEditorProps {
  /** The theme's settings being edited (its colours and fonts are shown with the site styles). */
  readonly draft: TweakDraft;
  /** The current theme's layouts (to say which pages a setting applies to). */
  readonly layouts: readonly { readonly id: string; readonly name: string }[];
}

/**
 * The current theme's settings other than colours and fonts (those are shown with the site
 * styles), one fieldset per category. Save sends every setting changed, wherever it is shown; a
 * refused save keeps every edit and marks the settings at fault.
 */
export function StyleEditor({ draft, layouts }: StyleEditorProps) {
  const base = useId();
  const [notice, setNotice] = useState('');
  const [confirmingReset, setConfirmingReset] = useState(false);
  const { groups, changed } = draft;
  const categories = otherCategories(groups);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('');
    const saved = await draft.save('style');
    if (saved === 'nothing') setNotice('Nothing to save: no setting has changed.');
    else if (saved) setNotice('Style saved as a draft. Publish to show it to visitors.');
  };

  const restore = async () => {
    setNotice('');
    if (!(await draft.reset())) return;
    setConfirmingReset(false);
    setNotice('Every style setting is back to its default, as a draft. Publish to show it to visitors.');
  };

  if (groups.categories.length === 0) {
    return <p>{groups.themeName} has no style settings.</p>;
  }
  return (
    <form onSubmit={submit} className="stack" noValidate>
      {categories.length === 0 && <p className="hint">{groups.themeName} has no settings besides its colours and fonts.</p>}
      {categories.map((category) => (
        <fieldset key={category.name} className="tweak-group">
          <legend>{category.name || 'Other settings'}</legend>
          <ThemeTweaks tweaks={category.tweaks} draft={draft} layouts={layouts} onEdit={() => setNotice('')} />
        </fieldset>
      ))}
      <div className="sticky-actions stack">
        <ErrorText error={draft.savedBy === 'style' ? draft.error : undefined} />
        <p role="status">{notice}</p>
        {confirmingReset ? (
          <div role="alertdialog" aria-labelledby={`${base}-reset-question`} className="stack confirm">
            <p id={`${base}-reset-question`}>
              <strong>Reset every style setting of {groups.themeName} to its default?</strong> Its colours and fonts too. Visitors see it once you publish;
              unsaved edits are lost.
            </p>
            <div className="actions">
              <button type="button" autoFocus disabled={draft.resetPending} onClick={() => void restore()}>
                {draft.resetPending ? 'Resetting…' : 'Reset to defaults'}
              </button>
              <button type="button" className="secondary" disabled={draft.resetPending} onClick={() => setConfirmingReset(false)}>
                Keep my settings
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="submit" disabled={draft.pending}>
              {draft.pending ? 'Saving…' : 'Save style'}
            </button>
            <button type="button" className="secondary" disabled={draft.pending} onClick={() => setConfirmingReset(true)}>
              Reset to defaults
            </button>
            {changed.length > 0 && <span className="meta">{changed.length === 1 ? '1 unsaved change' : `${changed.length} unsaved changes`}</span>}
          </div>
        )}
      </div>
    </form>
  );
}
