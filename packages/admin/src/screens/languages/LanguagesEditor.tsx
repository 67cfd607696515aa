import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { ApiError } from '../../api/http.js';
import { invalidate, setData } from '../../api/query-cache.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import {
  canonicalCode,
  formOf,
  LANGUAGES_PATH,
  type Languages,
  LanguagesForm,
  type LanguagesFormInput,
  type LanguagesFormOutput,
  removeLanguages,
  saveLanguages,
} from './languages-calls.js';

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of a code as typed, or the code itself. */
function nameOf(code: string): string {
  const canonical = canonicalCode(code);
  return (canonical && names.of(canonical)) || code.trim() || 'New language';
}

/** Where a language's pages are: `/` for the primary, `/fr/` for the others, the root of its own domain when it has one. */
function prefixOf(code: string, primary: boolean, domain?: string | null): string {
  if (!primary && domain?.trim()) return `https://${domain.trim().toLowerCase()}/`;
  return primary ? '/' : `/${(canonicalCode(code) ?? code.trim()).toLowerCase()}/`;
}

/** The list of languages, saved as a whole: add, remove, publish or hide, and pick the primary. */
export function LanguagesEditor({ current }: { readonly current: Languages }) {
  const primaryName = useId();
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<LanguagesFormInput, unknown, LanguagesFormOutput>({ resolver: zodResolver(LanguagesForm), defaultValues: formOf(current) });
  const { register, control, handleSubmit, formState, reset, setError, setValue, watch } = form;
  const rows = useFieldArray({ control, name: 'languages' });
  const languages = watch('languages');
  const errors = formState.errors;

  const saved = (answer: Languages, message: string) => {
    setData(LANGUAGES_PATH, answer);
    reset(formOf(answer));
    setNotice(message);
  };

  const submit = handleSubmit(async (values) => {
    setNotice('');
    setFailure(null);
    try {
      saved(await saveLanguages(values), 'Languages saved. Your site shows the change now.');
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fields)) setError(path as FieldPath<LanguagesFormInput>, { message });
      }
    }
  });

  const choosePrimary = (index: number) => {
    languages.forEach((_language, i) => setValue(`languages.${i}.primary`, i === index, { shouldDirty: true }));
    setValue(`languages.${index}.published`, true, { shouldDirty: true });
  };

  const removeAll = async () => {
    if (!window.confirm('Remove every language but the one of your site? Their pages will no longer be found.')) return;
    setNotice('');
    setFailure(null);
    try {
      await removeLanguages();
      invalidate(LANGUAGES_PATH);
      setNotice('Languages removed. Your site has one language again.');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form className="stack languages-form" onSubmit={(event) => void submit(event)} noValidate>
      {rows.fields.map((row, index) => {
        const language = languages[index] ?? row;
        const name = nameOf(language.code);
        const primary = language.primary === true;
        const codeError = errors.languages?.[index]?.code?.message;
        return (
          <fieldset key={row.id} className="panel language-row">
            <legend>
              {name}
              {primary ? ' (primary)' : ''}
            </legend>
            <Field
              label={`Code of ${name}`}
              hint={`A BCP 47 code such as fr, de-CH or pt-BR. Its pages: ${prefixOf(language.code, primary, language.domain)}`}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              {...register(`languages.${index}.code`)}
              error={codeError}
            />
            <div className="field checkbox">
              <input type="radio" id={`${primaryName}-${index}`} name={primaryName} checked={primary} onChange={() => choosePrimary(index)} />
              <label htmlFor={`${primaryName}-${index}`}>Primary language of {name}</label>
            </div>
            {primary ? (
              <p className="hint">Always published</p>
            ) : (
              <Field
                label={`Publish ${name}`}
                type="checkbox"
                {...register(`languages.${index}.published`)}
                error={errors.languages?.[index]?.published?.message}
              />
            )}
            {!primary && (
              <Field
                label={`Domain of ${name}`}
                hint={`Optional: a domain of your own such as fr.example.com, pointed at this service, serves ${name} at its root instead of ${prefixOf(language.code, false)}. Leave empty for the prefix.`}
                autoComplete="off"
                spellCheck={false}
                inputMode="url"
                maxLength={253}
                {...register(`languages.${index}.domain`)}
                error={errors.languages?.[index]?.domain?.message}
              />
            )}
            <button type="button" className="secondary" disabled={primary} onClick={() => rows.remove(index)}>
              Remove {name}
            </button>
          </fieldset>
        );
      })}
      {errors.languages?.message && (
        <p role="alert" className="field-error">
          {errors.languages.message}
        </p>
      )}
      {errors.languages?.root?.message && (
        <p role="alert" className="field-error">
          {errors.languages.root.message}
        </p>
      )}
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => rows.append({ code: '', primary: false, published: true, domain: '' }, { shouldFocus: true })}
        >
          Add a language
        </button>
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save languages'}
        </button>
        {current.languages.length > 1 && (
          <button type="button" className="secondary" onClick={() => void removeAll()}>
            Remove all other languages
          </button>
        )}
      </div>
    </form>
  );
}
