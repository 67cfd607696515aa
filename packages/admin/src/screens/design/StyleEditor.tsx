import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http.js';
import { draftsChanged } from '../../api/drafts.js';
import { setData } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { resetTweaks, saveTweaks, TWEAKS_PATH, type TweakGroups } from './design-calls.js';
import { placeHint } from './tweak-hints.js';
import { TweakField } from './TweakField.js';
import { ContrastWarnings } from './ContrastWarnings.js';

/** The values of every setting by title ('' for one with no value). */
function valuesOf(groups: TweakGroups): Record<string, string> {
  const values: Record<string, string> = {};
  for (const category of groups.categories) for (const tweak of category.tweaks) values[tweak.title] = tweak.value ?? '';
  return values;
}

/** The per-setting messages of a refused save, by setting title. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field.replace(/^values\./, ''), message]));
}

interface StyleEditorProps {
  readonly groups: TweakGroups;
  /** The current theme's layouts (to say which pages a setting applies to). */
  readonly layouts: readonly { readonly id: string; readonly name: string }[];
}

/**
 * The current theme's style settings as a form, one fieldset per category. Save sends only the
 * settings changed; a refused save keeps every edit and marks the settings at fault.
 */
export function StyleEditor({ groups, layouts }: StyleEditorProps) {
  const base = useId();
  const saved = valuesOf(groups);
  const [draft, setDraft] = useState(saved);
  const [notice, setNotice] = useState('');
  const [confirmingReset, setConfirmingReset] = useState(false);
  const save = useMutation(saveTweaks);
  const reset = useMutation(resetTweaks);
  const changed = Object.keys(draft).filter((title) => draft[title] !== saved[title]);
  const controlId = (title: string) => `${base}-tweak-${title}`;
  const errors = fieldErrorsOf(save.error);
  const firstError = Object.keys(errors)[0];

  useEffect(() => {
    if (firstError) document.getElementById(`${base}-tweak-${firstError}`)?.focus();
  }, [save.error, firstError, base]);

  const saveAnswered = (answer: TweakGroups, message: string) => {
    setData(TWEAKS_PATH, answer);
    draftsChanged();
    setDraft(valuesOf(answer));
    save.reset();
    setNotice(message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('');
    reset.reset();
    if (changed.length === 0) {
      setNotice('Nothing to save: no setting has changed.');
      return;
    }
    const answer = await save.run(Object.fromEntries(changed.map((title) => [title, draft[title]!])));
    if (answer) saveAnswered(answer, 'Style saved as a draft. Publish to show it to visitors.');
  };

  const restore = async () => {
    setNotice('');
    const answer = await reset.run(undefined);
    if (!answer) return;
    setConfirmingReset(false);
    saveAnswered(answer, 'Every style setting is back to its default, as a draft. Publish to show it to visitors.');
  };

  if (groups.categories.length === 0) {
    return <p>{groups.themeName} has no style settings.</p>;
  }
  return (
    <form onSubmit={submit} className="stack" noValidate>
      <ContrastWarnings pairs={groups.contrast.filter((pair) => !pair.colorTheme)} />
      {groups.categories.map((category) => (
        <fieldset key={category.name} className="tweak-group">
          <legend>{category.name || 'Other settings'}</legend>
          {category.tweaks.map((tweak) => (
            <TweakField
              key={tweak.title}
              tweak={tweak}
              id={controlId(tweak.title)}
              value={draft[tweak.title] ?? ''}
              error={errors[tweak.title]}
              hint={placeHint(tweak, layouts)}
              onChange={(value) => {
                setNotice('');
                setDraft((current) => ({ ...current, [tweak.title]: value }));
              }}
            />
          ))}
        </fieldset>
      ))}
      <div className="sticky-actions stack">
        <ErrorText error={save.error ?? reset.error} />
        <p role="status">{notice}</p>
        {confirmingReset ? (
          <div role="alertdialog" aria-labelledby={`${base}-reset-question`} className="stack confirm">
            <p id={`${base}-reset-question`}>
              <strong>Reset every style setting of {groups.themeName} to its default?</strong> Visitors see it once you publish; unsaved edits are lost.
            </p>
            <div className="actions">
              <button type="button" autoFocus disabled={reset.pending} onClick={() => void restore()}>
                {reset.pending ? 'Resetting…' : 'Reset to defaults'}
              </button>
              <button type="button" className="secondary" disabled={reset.pending} onClick={() => setConfirmingReset(false)}>
                Keep my settings
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="submit" disabled={save.pending}>
              {save.pending ? 'Saving…' : 'Save style'}
            </button>
            <button type="button" className="secondary" disabled={save.pending} onClick={() => setConfirmingReset(true)}>
              Reset to defaults
            </button>
            {changed.length > 0 && <span className="meta">{changed.length === 1 ? '1 unsaved change' : `${changed.length} unsaved changes`}</span>}
          </div>
        )}
      </div>
    </form>
  );
}
