// zod itself (not the HTTP layer's re-export), so the owner dashboard can import these schemas.
import { z } from 'zod';
import { MAX_LANGUAGES } from './paths.js';

/** One language of the site as the multilingual calls answer it. */
export const LanguageBody = z
  .object({
    code: z.string().describe('Canonical BCP 47 code (`fr`, `pt-BR`): the hreflang and `<html lang>` of its pages'),
    name: z.string().describe('English name (`Brazilian Portuguese`)'),
    nativeName: z.string().describe('Name in the language itself (`português`)'),
    primary: z.boolean().describe('The primary language, served at `/`; exactly one'),
    published: z.boolean().describe('Visitors see it; a hidden language is on no page and its prefix answers 404'),
    urlPrefix: z
      .string()
      .describe('Where its pages are: `/` for the primary language, `/fr/` for the others, `https://{domain}/` for a language with a domain of its own'),
    domain: z
      .string()
      .optional()
      .describe('The domain of its own it is served at (lower case, no port), instead of its prefix; absent when it has none (decision 0056)'),
  })
  .describe('A language of the site');

/** `GET /api/multilingual/languages` and the answer of a save. */
export const LanguagesBody = z
  .object({
    languages: z.array(LanguageBody).describe('The primary language first, then the others in the order saved'),
    version: z.number().int().nonnegative().describe('Send it back with the next save; a save over a newer version is refused (409)'),
  })
  .describe("The site's languages");

/** `PUT /api/multilingual/languages`: the whole list, saved as one. */
export const SaveLanguagesBody = z
  .object({
    languages: z
      .array(
        z
          .object({
            code: z.string().min(1).max(64).describe('A BCP 47 code, in any case (`FR`, `pt-br`): stored canonical'),
            primary: z.boolean().optional().describe('True for exactly one language'),
            published: z.boolean().optional().describe('Default true; the primary language is always published'),
            domain: z
              .string()
              .max(260)
              .nullable()
              .optional()
              .describe(
                "A domain of its own (`fr.example.com`), served at its root instead of the prefix; not the primary language's, not the dashboard's, not another site's. Null, empty or left out: none (decision 0056)",
              ),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_LANGUAGES * 2)
      .describe('Every language of the site, the primary included; a language left out is removed'),
    version: z.number().int().nonnegative().optional().describe('The version read; when given, a save over a newer one is refused (409)'),
  })
  .strict()
  .describe("The site's languages, saved as a whole list");

/** `GET /api/multilingual/settings`. */
export const MultilingualSettingsBody = z
  .object({
    enabled: z.boolean().describe('More than one language is published'),
    primaryLanguage: z.string().describe('Code of the primary language'),
    urlStrategy: z.literal('path-prefix').describe('The primary language at `/`, each other under its own prefix (`/fr/`)'),
    xDefault: z.string().describe("The URL prefix that hreflang `x-default` names: the primary language's"),
    languages: z.array(LanguageBody).describe('The published languages, the primary first'),
    version: z.number().int().nonnegative(),
  })
  .describe('How the site serves its languages');

/** `GET /api/multilingual/status` and the answer of `DELETE /api/multilingual/connection`. */
export const MultilingualStatusBody = z
  .object({
    connected: z.boolean().describe('The owner has set up languages; false: the site has the one language of its locale'),
    primaryLanguage: z.string(),
    languageCount: z.number().int().describe('Languages, the primary included'),
    publishedCount: z.number().int(),
    hiddenCount: z.number().int(),
  })
  .describe("The state of the site's multilingual set-up");
