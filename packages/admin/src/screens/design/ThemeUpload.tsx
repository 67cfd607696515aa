import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { postForm } from '../products/upload-form.js';
import { problemsOf, problemText, THEMES_PATH, type ThemeInstalled } from './design-calls.js';

/** Uploads a theme folder zipped (the site alone may use it); a refusal lists the theme's problems. */
export function ThemeUpload() {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [installed, setInstalled] = useState<ThemeInstalled | null>(null);
  const upload = useMutation((form: FormData) => postForm<ThemeInstalled>(THEMES_PATH, form), [THEMES_PATH]);
  const problems = upload.error instanceof ApiError ? problemsOf(upload.error.body) : [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setInstalled(null);
    const answer = await upload.run(new FormData(form));
    if (answer) {
      form.reset();
      setInstalled(answer);
      invalidate(THEMES_PATH);
    }
  };

  return (
    <section aria-labelledby="upload-heading" className="stack panel">
      <h2 id="upload-heading">Upload a theme</h2>
      <form onSubmit={submit} className="stack">
        <div className="field">
          <label htmlFor={inputId}>Upload a theme (.zip)</label>
          <input id={inputId} name="file" type="file" accept=".zip,application/zip" required aria-describedby={hintId} />
          <p className="hint" id={hintId}>
            A theme folder in the developer-template format, zipped, at most 20 MB. Only this site can use it.
          </p>
        </div>
        <div className="actions">
          <button type="submit" disabled={upload.pending}>
            {upload.pending ? 'Uploading…' : 'Upload theme'}
          </button>
        </div>
      </form>
      {upload.error !== null && upload.error !== undefined && (
        <div role="alert" className="stack">
          <p className="error">{upload.error instanceof Error ? upload.error.message : 'The upload failed.'}</p>
          {problems.length > 0 && (
            <ul className="problems">
              {problems.map((problem, index) => (
                <li key={`${problem.file}:${problem.line}:${index}`} className={problem.severity === 'error' ? 'problem-error' : undefined}>
                  <code>{problemText(problem)}</code>
                  {problem.severity === 'warning' ? ' (warning)' : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div role="status" className="stack">
        {installed && (
          <>
            <p>
              {installed.changed
                ? `${installed.theme.name} is installed (version ${installed.theme.version}). Choose it above to use it.`
                : `${installed.theme.name} is already installed with these files.`}
            </p>
            {installed.warnings.length > 0 && (
              <>
                <p>The check noted:</p>
                <ul className="problems">
                  {installed.warnings.map((problem, index) => (
                    <li key={`${problem.file}:${problem.line}:${index}`}>
                      <code>{problemText(problem)}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
