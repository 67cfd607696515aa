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
  DOMAIN_INVALID: (domain: string) => `'${domain}' is not a domain name. Enter a host name such as fr.example.com, without https:// or a path.`,
  DOMAIN_DASHBOARD: (domain: string) => `${domain} is the dashboard's address and cannot serve a language.`,
  DOMAIN_PLATFORM: (domain: string) => `${domain} is one of this service's own addresses. Use a domain of your own, such as fr.example.com.`,
  DOMAIN_PRIMARY: "The primary language is served at the site's own address; give a domain to another language.",
  DOMAIN_TWICE: (domain: string) => `${domain} is given to more than one language.`,
  DOMAIN_OWN_SITE: (domain: string) => `${domain} is this site's own domain. A language needs a domain of its own.`,
  DOMAIN_TAKEN: (domain: string) => `${domain} is already used by another site.`,
  STALE: (read: number, now: number) => `The languages were changed since you read them (version ${read}, now ${now}). Reload and try again.`,
});
