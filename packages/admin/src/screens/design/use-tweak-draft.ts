import { useEffect, useId, useState } from 'react';
import { draftsChanged } from '../../api/drafts.js';
import { ApiError } from '../../api/http.js';
import { setData } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { resetTweaks, saveTweaks, TWEAKS_PATH, type TweakGroups } from './design-calls.js';

/** Which form of the Design screen saved the theme's settings last: its own, or the site styles (their colours and fonts). */
export type TweakSaver = 'style' | 'site-styles';

/** The current theme's settings as the Design screen edits them, shared by the site styles and the theme's own form. */
export interface TweakDraft {
  readonly groups: TweakGroups;
  /** The values being edited, by setting title. */
  readonly values: Readonly<Record<string, string>>;
  /** Titles of the settings changed and not saved. */
  readonly changed: readonly string[];
  /** The per-setting messages of the last refused save, by title. */
  readonly errors: Readonly<Record<string, string>>;
  /** The last save's or reset's failure, and which form saved. */
  readonly error: unknown;
  readonly savedBy: TweakSaver | undefined;
  readonly pending: boolean;
  readonly resetPending: boolean;
  controlId(title: string): string;
  set(title: string, value: string): void;
  /** Saves the changed settings among `titles` (every changed one without it); true when saved, 'nothing' when none had changed. */
  save(by: TweakSaver, titles?: readonly string[]): Promise<boolean | 'nothing'>;
  /** Restores every setting to the theme's default, as a draft. */
  reset(): Promise<boolean>;
}

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

/**
 * The theme's settings being edited: a save sends only the settings changed (of the form that
 * saves), keeps every other edit, and puts the focus on the first setting a refused save names.
 */
export function useTweakDraft(groups: TweakGroups): TweakDraft {
  const base = useId();
  const saved = valuesOf(groups);
  const [values, setValues] = useState(saved);
  const [savedBy, setSavedBy] = useState<TweakSaver>();
  const saveCall = useMutation(saveTweaks);
  const resetCall = useMutation(resetTweaks);
  const changed = Object.keys(values).filter((title) => values[title] !== saved[title]);
  const errors = fieldErrorsOf(saveCall.error);
  const controlId = (title: string) => `${base}-tweak-${title}`;
  const firstError = Object.keys(errors)[0];

  useEffect(() => {
    if (firstError) document.getElementById(`${base}-tweak-${firstError}`)?.focus();
  }, [saveCall.error, firstError, base]);

  const answered = (answer: TweakGroups, keep: readonly string[]) => {
    setData(TWEAKS_PATH, answer);
    draftsChanged();
    setValues((current) => ({ ...valuesOf(answer), ...Object.fromEntries(keep.map((title) => [title, current[title] ?? ''])) }));
  };

  return {
    groups,
    values,
    changed,
    errors,
    error: saveCall.error ?? resetCall.error,
    savedBy,
    pending: saveCall.pending,
    resetPending: resetCall.pending,
    controlId,
    set: (title, value) => setValues((current) => ({ ...current, [title]: value })),
    save: async (by, titles) => {
      setSavedBy(by);
      resetCall.reset();
      const sending = titles ? changed.filter((title) => titles.includes(title)) : changed;
      if (sending.length === 0) return 'nothing';
      const answer = await saveCall.run(Object.fromEntries(sending.map((title) => [title, values[title]!])));
      if (!answer) return false;
      saveCall.reset();
      answered(
        answer,
        changed.filter((title) => !sending.includes(title)),
      );
      return true;
    },
    reset: async () => {
      setSavedBy('style');
      saveCall.reset();
      const answer = await resetCall.run(undefined);
      if (!answer) return false;
      answered(answer, []);
      return true;
    },
  };
}
