import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { fieldName, type SaveBody, saveTranslation, TRANSLATIONS_PATH, type TranslationEntry } from './translations-calls.js';

interface TranslationRowProps {
  readonly entry: TranslationEntry;
  readonly language: string;
  readonly languageLabel: string;
  readonly primaryLanguage: string;
  /** Told what was saved: the row may leave the list once its state changes. */
  readonly onSaved: (message: string) => void;
}

const LONG = 120;

/** One text side by side: the source, its translation to edit, its state, and Save. */
export function TranslationRow({ entry, language, languageLabel, primaryLanguage, onSaved }: TranslationRowProps) {
  const id = useId();
  const [text, setText] = useState(entry.translation ?? '');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const field = fieldName(entry.field);
  const long = entry.source.length > LONG || entry.source.includes('\n');

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem('');
    try {
      const saved = await saveTranslation({
        language,
        subjectType: entry.subjectType as SaveBody['subjectType'],
        subjectId: entry.subjectId,
        field: entry.field,
        text,
      });
      onSaved(
        saved.translation === null
          ? `${entry.label}, ${field}: removed; the site shows the original.`
          : `${entry.label}, ${field}: saved. Your site shows it now.`,
      );
      invalidate(TRANSLATIONS_PATH);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.fields.text ?? error.message) : errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const describedBy = [`${id}-source`, `${id}-state`, problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <li className="translation-row panel">
      <div className="translation-row__head">
        <h2 className="translation-row__title">
          {entry.label} <span className="muted">· {field}</span>
        </h2>
        <span id={`${id}-state`} className={`translation-badge translation-badge--${entry.state}`}>
          {entry.state === 'stale' ? 'Stale' : entry.state === 'missing' ? 'Not translated' : 'Translated'}
        </span>
      </div>
      <form className="translation-row__sides" onSubmit={save}>
        <div className="translation-row__source">
          <p className="translation-row__side-label">Original</p>
          <p id={`${id}-source`} className="translation-row__text" lang={primaryLanguage}>
            {entry.source}
          </p>
        </div>
        <div className="field translation-row__target">
          <label htmlFor={`${id}-text`}>
            {languageLabel} <span className="visually-hidden">translation of {`${entry.label}, ${field}`}</span>
          </label>
          {long ? (
            <textarea
              id={`${id}-text`}
              lang={language}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={problem ? true : undefined}
            />
          ) : (
            <input
              id={`${id}-text`}
              lang={language}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={problem ? true : undefined}
            />
          )}
          {entry.state === 'missing' &&
            (entry.builtIn ? (
              <p className="hint">
                Until you translate it, visitors see the built-in {languageLabel}: <span lang={language}>{entry.builtIn}</span>
              </p>
            ) : (
              <p className="hint">Until it is translated, visitors see the original.</p>
            ))}
          {entry.state === 'stale' && (
            <p className="hint">The original changed since this was translated. Visitors see this translation until you save it again.</p>
          )}
          {problem && (
            <p className="field-error" id={`${id}-problem`}>
              {problem}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={saving}>
              {saving ? 'Saving…' : `Save ${field.toLowerCase()}`}
            </button>
          </div>
        </div>
      </form>
    </li>
  );
}
