import { findInputProblem, inputProblemMessage } from '../http/input-guard.js';
import { z } from '../http/schemas.js';

/** The one census event the storefront sends: a page view. */
export const PAGE_VIEW_EVENT = 'view';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,4}$/;
const MAX_URL = 2048;
const MAX_TEXT = 512;
const MAX_PIXELS = 100_000;

const invalid = (key: string) => ({ error: `Census hit field ${key} is invalid.` });
/** An optional text field: absent, null and '' all mean "not sent". */
const text = (key: string, max: number, pattern?: RegExp) => {
  const value = z.string(invalid(key)).max(max, invalid(key));
  return z
    .union([z.literal(''), z.null(), pattern ? value.regex(pattern, invalid(key)) : value], invalid(key))
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));
};
const integer = (key: string, min: number, max: number) =>
  z
    .int(invalid(key))
    .min(min, invalid(key))
    .max(max, invalid(key))
    .nullable()
    .optional()
    .transform((v) => v ?? undefined);

/** The JSON object in a hit's `data` field (spec 3, Census hit data); unknown keys are refused. */
export const CensusHitData = z.strictObject(
  {
    event: z.string(invalid('event')).optional(),
    websiteId: text('websiteId', 64, ID).describe("Ignored: the site is the Host's"),
    templateId: text('templateId', 64, ID),
    locale: text('locale', 35, LOCALE),
    viewportWidth: integer('viewportWidth', 0, MAX_PIXELS),
    viewportHeight: integer('viewportHeight', 0, MAX_PIXELS),
    screenWidth: integer('screenWidth', 0, MAX_PIXELS),
    screenHeight: integer('screenHeight', 0, MAX_PIXELS),
    userAgent: text('userAgent', MAX_TEXT),
    clientDate: integer('clientDate', 0, 8_640_000_000_000_000),
    url: z.string({ error: 'Census hit field url is required.' }).min(1, { error: 'Census hit field url is required.' }).max(MAX_URL, invalid('url')),
    title: text('title', MAX_TEXT),
    itemId: text('itemId', 64, ID),
    recordType: integer('recordType', 0, 1000),
    collectionId: text('collectionId', 64, ID),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Census hit data has an unknown field: ${String(issue.keys[0]).slice(0, 64)}.`
        : 'Census hit data must be a JSON object.',
  },
);

/** JSON text holding {@link CensusHitData}: parsed, checked by the input guard's rules, then validated. */
const DataText = z
  .string({ error: 'Census hit data is required.' })
  .transform((raw, ctx) => {
    try {
      const data: unknown = JSON.parse(raw);
      const problem = findInputProblem(data, 'data');
      if (problem) ctx.issues.push({ code: 'custom', message: inputProblemMessage(problem), input: raw });
      return problem ? z.NEVER : data;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Census hit data is not valid JSON.', input: raw });
      return z.NEVER;
    }
  })
  .pipe(CensusHitData)
  .describe('JSON object: url (required), title, itemId, collectionId, recordType, templateId, locale, viewport and screen sizes, userAgent, clientDate');

/** Form fields of `POST /api/census/RecordHit` (spec 7), plus the crumb; unknown fields are refused. */
export const CensusHitForm = z
  .strictObject(
    {
      event: z.literal(PAGE_VIEW_EVENT, { error: `Census hit event must be '${PAGE_VIEW_EVENT}'.` }),
      data: DataText,
      ss_cvr: z
        .string({ error: 'Census hit needs the ss_cvr visitor cookie.' })
        .max(512, { error: 'Census hit needs the ss_cvr visitor cookie.' })
        .describe('The ss_cvr visitor cookie value'),
      crumb: z.string().optional().describe('The crumb (CSRF token), when not sent as a header'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Census hit has an unknown field: ${String(issue.keys[0]).slice(0, 64)}.`
          : 'Census hit must be form-encoded: event, data, ss_cvr.',
    },
  )
  .refine((form) => form.data.event === undefined || form.data.event === form.event, {
    error: 'Census hit data event does not match the event field.',
    path: ['data', 'event'],
  });

/** A validated RecordHit form. */
export type CensusHitForm = z.output<typeof CensusHitForm>;
