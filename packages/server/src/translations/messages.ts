/** What the translation calls answer when they refuse something. */
export const TranslationMessages = Object.freeze({
  NOT_A_LANGUAGE: (code: string) => `${code} is not one of the site's other languages.`,
  UNKNOWN_TEXT: 'This text is not on the site (any more).',
  UNREADABLE_CSV: (why: string) => `The CSV file could not be read: ${why}`,
  MISSING_COLUMN: (column: string) => `The CSV file has no ${column} column.`,
  SEVERAL_LANGUAGES: 'The file holds translations into more than one language; import one language at a time.',
  OTHER_LANGUAGE: (file: string, asked: string) => `The file holds translations into ${file}, not ${asked}.`,
  XLIFF_DOCTYPE: 'XLIFF files with a document type declaration are not read.',
  UNREADABLE_XLIFF: (why: string) => `The XLIFF file could not be read: ${why}`,
  NOT_XLIFF: 'The file is not an XLIFF 1.2 document.',
  SLUG_FORMAT: 'A translated slug may hold only letters, digits, dots, hyphens, underscores and tildes, and must start with a letter or digit.',
  SLUG_TAKEN: (slug: string) => `Another page of this language already uses ${slug}.`,
  PLACEHOLDER_MISSING: (name: string) => `The translation must keep {${name}}: it is where the value goes when the text is shown.`,
  PLACEHOLDER_UNKNOWN: (name: string, allowed: readonly string[]) =>
    allowed.length
      ? `{${name}} is not a placeholder of this text: it can use ${allowed.map((a) => `{${a}}`).join(', ')}.`
      : `{${name}} is not a placeholder of this text, which has no values to fill in.`,
});
