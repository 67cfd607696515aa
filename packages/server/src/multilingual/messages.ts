/** Refusals of the multilingual calls, as the dashboard shows them. */
export const MultilingualMessages = Object.freeze({
  NOT_A_CODE: (code: string) => `'${code}' is not a language code. Use a BCP 47 code such as fr, de-CH or pt-BR.`,
  UNKNOWN_LANGUAGE: (code: string) => `'${code}' is not a language we know. Use a BCP 47 code such as fr, de-CH or pt-BR.`,
  WITH_EXTENSIONS: (code: string, base: string) => `'${code}' carries extensions; use the language code alone (${base}).`,
  DUPLICATE: (name: string, code: string) => `${name} (${code}) is listed more than once.`,
  NO_PRIMARY: 'Mark one language as the primary language.',
  MANY_PRIMARIES: 'Only one language can be the primary language.',
  PRIMARY_REMOVED: (name: string, code: string) =>
    `${name} (${code}) is the primary language and cannot be removed. Make another language the primary language and save first.`,
  PRIMARY_HIDDEN: 'The primary language is always published: its pages are the site at /.',
  PAGE_AT_PREFIX: (code: string, prefix: string) => `${code} cannot be added: a page of the site is at ${prefix}. Change that page's URL first.`,
  TOO_MANY: (max: number) => `A site can have at most ${max} languages.`,
  REFUSED: 'The languages were not saved. Fix the marked entries.',
  STALE: (read: number, now: number) => `The languages were changed since you read them (version ${read}, now ${now}). Reload and try again.`,
});
