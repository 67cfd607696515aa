// zod itself (not the HTTP layer's re-export), so the owner dashboard can import these schemas.
import { z } from 'zod';
import { SUBJECT_TYPES } from './subjects.js';

/** Longest translated text (a page body). */
export const MAX_TRANSLATION = 100_000;
/** Largest import file, in characters. */
export const MAX_IMPORT = 2 * 1024 * 1024;
/** Largest JSON body of a translation save. */
export const SAVE_BODY_LIMIT = 256 * 1024;
/** Largest JSON body of an import. */
export const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

const STATES = ['missing', 'stale', 'current'] as const;

const Language = z.string().trim().min(1).max(35).describe('BCP 47 code of one of the site’s other languages (`fr`)');
const SubjectKey = {
  subjectType: z.enum(SUBJECT_TYPES).describe('What the text belongs to'),
  subjectId: z.string().min(1).max(300).describe('Which one: a page, item or variant id, `header`, `site`…'),
  field: z.string().min(1).max(200).describe('Which of its texts: `title`, `slug`, `body`, `value:Size`…'),
};

/** `GET /api/owner/translations` query. */
export const TranslationListQuery = z.object({
  language: Language.optional().describe('One of the site’s other languages; absent: the first of them'),
  state: z
    .enum(['all', ...STATES])
    .default('all')
    .describe('Only texts in this state'),
  subjectType: z.enum(SUBJECT_TYPES).optional().describe('Only texts of this kind of subject'),
  q: z.string().max(200).optional().describe('Only texts whose source, translation or label holds this'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page of the list, from 1'),
  pageSize: z.coerce.number().int().min(1).max(200).default(50).describe('Texts per page (1 to 200, default 50)'),
});

/** One source text beside its translation. */
export const TranslationEntryBody = z
  .object({
    ...SubjectKey,
    subjectType: z.string(),
    label: z.string().describe('The subject as the dashboard names it'),
    source: z.string().describe('The text in the primary language, as it is now'),
    translation: z.string().nullable().describe('The translation, or null: the site shows the source'),
    state: z.enum(STATES).describe('missing: not translated; stale: translated from an older source; current'),
    updatedAt: z.string().nullable(),
    builtIn: z.string().optional().describe('System texts: the built-in translation of the language, shown on the site while the owner has not translated it'),
  })
  .describe('A text and its translation');

/** The list answer. */
export const TranslationListBody = z.object({
  language: z.string(),
  primaryLanguage: z.string(),
  languages: z.array(z.string()).describe('The site’s other languages, which texts can be translated into'),
  entries: z.array(TranslationEntryBody),
  total: z.number().int().describe('Texts matching the filters'),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ missing: z.number().int(), stale: z.number().int(), current: z.number().int() }).describe('All texts of the language, by state'),
});

/** `PUT /api/owner/translations`: one translation, made from the source as it is now; an empty text removes it. */
export const SaveTranslationBody = z.object({
  language: Language,
  ...SubjectKey,
  text: z.string().max(MAX_TRANSLATION).describe('The translation; empty removes it and the site shows the source again'),
});

/** `GET /api/owner/translations/export` query. */
export const TranslationExportQuery = z.object({
  language: Language,
  format: z.enum(['csv', 'xliff']).default('csv').describe('CSV (RFC 4180) or XLIFF 1.2'),
});

/** `POST /api/owner/translations/import`. */
export const TranslationImportBody = z.object({
  language: Language,
  format: z.enum(['csv', 'xliff']),
  content: z.string().min(1).max(MAX_IMPORT).describe('The file’s text'),
});

/** What an import did. */
export const TranslationImportResult = z.object({
  imported: z.number().int(),
  stale: z.number().int().describe('Imported translations made from an older source: stored and flagged stale'),
  unchanged: z.number().int().describe('Translations the file holds as they are stored: left as they are'),
  skipped: z.number().int().describe('Texts the site no longer has and invalid slugs; empty translations are not counted'),
});
