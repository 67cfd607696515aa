import { useId, useState } from 'react';
import { errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { exportHref, importTranslations, TRANSLATIONS_PATH } from './translations-calls.js';

/** Export of one language's texts as CSV or XLIFF 1.2 for a translator, and import of the file they send back. */
export function TranslationExchange({ language, languageLabel }: { readonly language: string; readonly languageLabel: string }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');

  const upload = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a CSV or XLIFF file first.');
      return;
    }
    setBusy(true);
    setNotice('');
    setProblem('');
    try {
      const format = /\.(xlf|xliff|xml)$/i.test(file.name) ? 'xliff' : 'csv';
      const result = await importTranslations(language, format, await file.text());
      setNotice(
        `Imported ${result.imported} translation${result.imported === 1 ? '' : 's'}${result.stale ? `, ${result.stale} of them made from an older original (marked Stale)` : ''}; ${result.unchanged} unchanged, ${result.skipped} skipped.`,
      );
      invalidate(TRANSLATIONS_PATH);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel translation-exchange" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Work with a translator</h2>
      <p className="hint">
        Download every text with its {languageLabel} translation, and import the file you get back. Translations of an older original are marked Stale.
      </p>
      <p className="actions">
        <a className="button secondary" href={exportHref(language, 'csv')} download>
          Download CSV
        </a>
        <a className="button secondary" href={exportHref(language, 'xliff')} download>
          Download XLIFF
        </a>
      </p>
      <form className="filters" onSubmit={upload}>
        <div className="field">
          <label htmlFor={`${id}-file`}>Translations file (CSV or XLIFF)</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.xlf,.xliff,text/csv,application/xliff+xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      {problem && (
        <p className="field-error" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      <p role="status">{notice}</p>
    </section>
  );
}
