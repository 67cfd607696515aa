import { useState } from 'react';
import { ApiError } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { TranslationExchange } from './TranslationExchange.js';
import { TranslationRow } from './TranslationRow.js';
import { KINDS, languageName, listPath, PAGE_SIZE, type StateFilter, type TranslationList } from './translations-calls.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './translations-screen.css';

const STATES: readonly { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All texts' },
  { value: 'missing', label: 'Not translated' },
  { value: 'stale', label: 'Stale' },
  { value: 'current', label: 'Translated' },
];

/** The site's texts side by side with their translations into one of its languages, filtered by state. */
export default function TranslationsScreen() {
  const [language, setLanguage] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [saved, setSaved] = useState('');
  const list = useQuery<TranslationList>(listPath(language, state, query, page, kind));
  const data = list.data;
  const label = data ? languageName(data.language) : '';
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const oneLanguage = list.error instanceof ApiError && list.error.status === 400 && !language;
  return (
    <>
      <ScreenHeading>Translations</ScreenHeading>
      <p className="hint">
        Every text of your site beside its translation. Texts not translated show in your primary language; a translation whose original changed is marked Stale
        and still shows until you update it. Languages are set up on the <Link to="/languages">Languages</Link> screen.
      </p>
      {oneLanguage ? (
        <p>
          Your site has one language. <Link to="/languages">Add a language</Link> to translate it.
        </p>
      ) : (
        <ErrorText error={list.error} />
      )}
      <form className="filters" role="search" aria-label="Filter texts" onSubmit={(e) => e.preventDefault()}>
        {data && (
          <Select
            label="Language"
            value={data.language}
            onChange={(e) => {
              setLanguage(e.target.value);
              setPage(1);
            }}
            options={data.languages.map((code) => ({ value: code, label: languageName(code) }))}
          />
        )}
        <Select
          label="Show"
          value={state}
          onChange={(e) => {
            setState(e.target.value as StateFilter);
            setPage(1);
          }}
          options={STATES}
        />
        <Select
          label="Kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setPage(1);
          }}
          options={KINDS}
        />
        <div className="field">
          <label htmlFor="translations-q">Search texts</label>
          <input
            id="translations-q"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>
      {data && (
        <p role="status">
          {label}: {data.counts.current} translated, {data.counts.stale} stale, {data.counts.missing} not translated.
        </p>
      )}
      <p role="status" className="translation-saved">
        {saved}
      </p>
      {list.status === 'loading' && <Loading />}
      {data && data.entries.length === 0 && <p>No texts match.</p>}
      {data && (
        <ul className="translation-list" aria-label={`Texts and their ${label} translations`}>
          {data.entries.map((entry) => (
            <TranslationRow
              key={`${data.language}/${entry.subjectType}/${entry.subjectId}/${entry.field}/${entry.state}/${entry.translation ?? ''}`}
              entry={entry}
              language={data.language}
              languageLabel={label}
              primaryLanguage={data.primaryLanguage}
              onSaved={setSaved}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pager" role="group" aria-label="Pages of texts">
          <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
      {data && <TranslationExchange language={data.language} languageLabel={label} />}
    </>
  );
}
