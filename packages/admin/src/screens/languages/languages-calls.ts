import { type LanguagesBody, type MultilingualStatusBody, SaveLanguagesBody } from '@emporium/server/multilingual/schemas';
import { api } from '../../api/http.js';

/** The multilingual calls (packages/server/src/multilingual/routes.ts). */
export const LANGUAGES_PATH = '/api/multilingual/languages';
export const CONNECTION_PATH = '/api/multilingual/connection';

/** The site's languages with the version a save goes over. */
export type Languages = (typeof LanguagesBody)['_zod']['output'];
/** What is left once the languages are removed. */
export type MultilingualStatus = (typeof MultilingualStatusBody)['_zod']['output'];

/** The code of `input` as the server stores it (`FR` → `fr`), or undefined when it is not a BCP 47 language tag. */
export function canonicalCode(input: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(input.trim())[0];
  } catch {
    return undefined;
  }
}

/**
 * The Languages form: the server's save body, checked here first for what the browser can tell
 * (a code that is not a language tag, a code twice, one primary); the server checks the rest.
 */
export const LanguagesForm = SaveLanguagesBody.superRefine((value, context) => {
  const seen = new Set<string>();
  value.languages.forEach((language, index) => {
    const code = canonicalCode(language.code);
    if (!code)
      context.addIssue({
        code: 'custom',
        path: ['languages', index, 'code'],
        message: `'${language.code}' is not a language code. Use a BCP 47 code such as fr, de-CH or pt-BR.`,
      });
    else if (seen.has(code)) context.addIssue({ code: 'custom', path: ['languages', index, 'code'], message: `${code} is listed more than once.` });
    if (code) seen.add(code);
  });
  if (value.languages.filter((language) => language.primary).length !== 1)
    context.addIssue({ code: 'custom', path: ['languages'], message: 'Mark one language as the primary language.' });
});
export type LanguagesFormInput = (typeof LanguagesForm)['_zod']['input'];
export type LanguagesFormOutput = (typeof LanguagesForm)['_zod']['output'];

/** Saves the whole list over the version read (an empty domain sent as none); 409 when another owner saved in between. */
export function saveLanguages(body: LanguagesFormOutput): Promise<Languages> {
  const languages = body.languages.map(({ domain, ...language }) => ({ ...language, domain: language.primary || !domain?.trim() ? null : domain.trim() }));
  return api<Languages>(LANGUAGES_PATH, { method: 'PUT', body: { ...body, languages } });
}

/** Removes every language but the site's own: the site is left at / in the language of its locale. */
export function removeLanguages(): Promise<MultilingualStatus> {
  return api<MultilingualStatus>(CONNECTION_PATH, { method: 'DELETE' });
}

/** The form's values for the languages read. */
export function formOf(current: Languages): LanguagesFormInput {
  return {
    version: current.version,
    languages: current.languages.map(({ code, primary, published, domain }) => ({ code, primary, published, domain: domain ?? '' })),
  };
}
