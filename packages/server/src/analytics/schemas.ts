import { z } from '../http/schemas.js';
import { MAX_STACK } from './error-fingerprint.js';

/** Spec 8: what a tracking call without anything to record is refused with. */
export const NO_PAYLOAD_MESSAGE = 'no payload';
/** Spec 9: the error reporter sends at most 20 reports a page. */
export const MAX_ERROR_REPORTS = 20;
/** Most performance records one flush may carry. */
export const MAX_PERFORMANCE_RECORDS = 50;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const text = (max: number) => z.string().max(max, { error: `must be at most ${max} characters.` });
const pixels = z.number().int().min(0).max(100_000);
const millis = z.number().min(0).max(3_600_000);
const bytes = z.number().int().min(0).max(10_000_000_000);
/** A client time in ms since the epoch. */
const timestamp = z.number().int().min(0).max(8_640_000_000_000_000);
const crumb = text(100).optional().describe('The crumb cookie value, when not sent as X-CSRF-Token');
const visitorCookie = text(200).describe('The ss_cvr cookie value (spec 9): events go out only when it exists');

/** An event name: letters, digits and `_ . : -`, up to 64 characters. */
export const EventName = z.string().regex(NAME, { error: 'event must be a name of letters, digits, _ . : - (up to 64 characters).' });

/** What every tracking call answers once its events are stored (or dropped as robots). */
export const Accepted = z.object({ accepted: z.number().int().nonnegative().describe('Events stored by this call (0 for robots)') });

// --- POST /api/events/RecordJavascriptErrors -------------------------------------------------

/** One script error as the error reporter sends it. */
export const ScriptErrorData = z.strictObject({
  message: text(1000),
  errorType: text(100).optional().describe('The error constructor name, e.g. TypeError'),
  stack: text(MAX_STACK).optional().describe('Cut at 5000 characters by the reporter (spec 9)'),
  url: text(2048).optional().describe('The page the error happened on'),
  filename: text(2048).optional(),
  lineno: z.number().int().min(0).optional(),
  colno: z.number().int().min(0).optional(),
});

/** Body of RecordJavascriptErrors: a JSON array of (event, data, timestamp). */
export const ScriptErrorReports = z
  .array(z.strictObject({ event: EventName, data: ScriptErrorData, timestamp }))
  .min(1, { error: NO_PAYLOAD_MESSAGE })
  .max(MAX_ERROR_REPORTS, { error: `at most ${MAX_ERROR_REPORTS} reports a request.` });

// --- POST /api/events/RecordEvent (older client) ---------------------------------------------

/** Spec 3 "Older client" payload fields. */
export const OlderClientPayload = z.strictObject({
  pageHash: text(200).optional(),
  pagePath: text(2048).optional(),
  websiteId: text(64).optional(),
  templateId: text(64).optional(),
  variantId: text(64).optional(),
  memberAccountId: text(64).optional(),
  member_locale: text(35).optional(),
  website_locale: text(35).optional(),
});

/** Form body of RecordEvent: crumb, event and data (a JSON string of the payload). */
export const RecordEventForm = z.strictObject({
  crumb,
  event: EventName,
  data: text(4096).describe('JSON string of the spec 3 older-client payload'),
});

// --- POST /api/v1/clanker/events (newer client) ----------------------------------------------

/** Schemas a newer-client event may name in eventSchemaName. */
export const CLANKER_SCHEMAS = [
  'page_view',
  'product_view',
  'add_to_cart',
  'checkout_start',
  'purchase',
  'newsletter_sign_up',
  'lesson_list_view',
  'lesson_view',
] as const;
export type ClankerSchemaName = (typeof CLANKER_SCHEMAS)[number];

/** Spec 3 "Newer client" fields of eventContent. */
const NewerClientFields = {
  analytics_id: text(100).optional(),
  browser_language: text(35).optional(),
  browser_window_height: pixels.optional(),
  browser_window_width: pixels.optional(),
  client_name: text(100).optional(),
  client_version: text(50).optional(),
  marketing_id: text(100).optional(),
  page_host: text(255),
  page_path: text(2048).regex(/^\//, { error: 'page_path must start with /.' }),
  page_query_params: text(2048).optional(),
  page_referrer_url: text(2048).optional(),
  session_id: text(100).optional(),
  enduser_user_agent: text(512).optional(),
  event_occurrence_timestamp: timestamp.optional(),
  browser_locale: text(35).optional(),
  custom_schema_name: text(64).optional(),
  source_environment: z.enum(['dev', 'qa', 'staging', 'prod']).optional(),
  context_website_id: text(64).optional(),
  destination_url: text(2048).optional(),
  member_account_id: text(64).optional(),
  object_identifier: text(64).regex(ID, { error: 'object_identifier must be an id.' }).optional(),
  resolved_locale: text(35).optional(),
  website_locale: text(35).optional(),
  member_account_locale: text(35).optional(),
};

/** eventContent of every schema; a product view must name the product in object_identifier. */
export const EventContent = z.strictObject(NewerClientFields);
export const ProductViewContent = z.strictObject({ ...NewerClientFields, object_identifier: NewerClientFields.object_identifier.unwrap() });
export type EventContentValue = z.infer<typeof EventContent>;

/** The eventContent schema of a schema name. */
export function eventContentSchema(name: ClankerSchemaName): z.ZodType<EventContentValue> {
  return name === 'product_view' ? ProductViewContent : EventContent;
}

/** Body of clanker events: eventContent as a JSON string and eventSchemaName (JSON, or text/plain from sendBeacon). */
export const ClankerEnvelope = z.strictObject({
  eventContent: text(16_000).describe('JSON string of the spec 3 newer-client fields'),
  eventSchemaName: z.enum(CLANKER_SCHEMAS),
});

/** Path parameter of the validate mode. */
export const SchemaNameParams = z.object({ schemaName: text(64) });

/** Answer of the validate mode: what is wrong with the event content, field by field. */
export const ValidationReport = z.object({
  valid: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

// --- /api/census/* ---------------------------------------------------------------------------

/** Page fields of a census call: the page's URL and title. */
const PageFields = { url: text(2048).describe('The page the visitor is on'), title: text(512).optional() };

export const ButtonEventBody = z.strictObject({
  crumb,
  visitorCookie,
  ...PageFields,
  buttonText: text(200).optional(),
  buttonHref: text(2048).optional(),
});
export const FormRenderBody = z.strictObject({
  crumb,
  visitorCookie,
  formId: text(64).regex(ID, { error: 'formId must be an id.' }),
  url: PageFields.url.optional(),
});
export const OverlayBody = z.strictObject({
  crumb,
  visitorCookie,
  ...PageFields,
  overlayAction: z.enum(['shown', 'closed', 'submitted']),
  overlayVersion: z.number().int().min(0).optional(),
});
export const QuickViewBody = z.strictObject({ crumb, visitorCookie, url: PageFields.url.optional() });
export const QuickViewParams = z.object({ id: text(64) });

// --- POST /api/1/performance/records ---------------------------------------------------------

/** Spec 7 page_speed data: ids, connection, sizes, location and timings (ms; CLS unitless). */
export const PageSpeedData = z.strictObject({
  analyticsId: text(100).optional(),
  marketingId: text(100).optional(),
  memberId: text(100).optional(),
  connection: z
    .strictObject({
      effectiveType: text(20).optional(),
      rtt: millis.optional(),
      downlink: z.number().min(0).max(100_000).optional(),
      saveData: z.boolean().optional(),
    })
    .optional(),
  screenWidth: pixels.optional(),
  screenHeight: pixels.optional(),
  viewportWidth: pixels.optional(),
  viewportHeight: pixels.optional(),
  hash: text(200).optional(),
  hostname: text(255),
  pathname: text(2048).regex(/^\//, { error: 'pathname must start with /.' }),
  firstContentfulPaint: millis.optional(),
  firstInputDelay: millis.optional(),
  largestContentfulPaint: millis.optional(),
  cumulativeLayoutShift: z.number().min(0).max(1000).optional(),
  interactionToNextPaint: millis.optional(),
  loadEventStart: millis.optional(),
  loadEventEnd: millis.optional(),
  responseStart: millis.optional(),
  tcp: millis.optional(),
  tls: millis.optional(),
  domainLookup: millis.optional(),
  encodedBodySize: bytes.optional(),
  decodedBodySize: bytes.optional(),
  transferSize: bytes.optional(),
});

/** Data of image and user records: a flat map of short values. */
const FlatData = z
  .record(text(64), z.union([text(512), z.number(), z.boolean(), z.null()]))
  .refine((d) => Object.keys(d).length <= 40, { error: 'at most 40 fields.' });

const recordBase = { app: text(64), pageLoadId: text(64).regex(ID, { error: 'pageLoadId must be an id.' }), ts: timestamp, raw: z.boolean() };

/** One performance record (spec 7). */
export const PerformanceRecord = z.discriminatedUnion('event', [
  z.strictObject({ ...recordBase, event: z.literal('page_speed'), data: PageSpeedData }),
  z.strictObject({ ...recordBase, event: z.literal('image'), data: FlatData }),
  z.strictObject({ ...recordBase, event: z.literal('user'), data: FlatData }),
]);
export type PerformanceRecordValue = z.infer<typeof PerformanceRecord>;

/** Body of performance records: a JSON array (application/json, or text/plain from sendBeacon). */
export const PerformanceRecords = z
  .array(PerformanceRecord)
  .min(1, { error: NO_PAYLOAD_MESSAGE })
  .max(MAX_PERFORMANCE_RECORDS, { error: `at most ${MAX_PERFORMANCE_RECORDS} records a request.` });

// --- GET /api/commerce/fullstory/getId -------------------------------------------------------

export const RecordingQuery = z.object({
  hardwareConcurrency: z
    .string()
    .regex(/^\d{1,4}$/, { error: 'hardwareConcurrency must be a whole number.' })
    .optional()
    .describe("The browser's navigator.hardwareConcurrency"),
  sampled: z.enum(['true', 'false']).optional().describe('Whether the visit was sampled for recording'),
});
export const RecordingId = z.object({
  id: z.string().describe("The session-recording id; 'mock' means skip recording"),
  eligible: z.boolean().describe('Whether the visit meets the spec 5 recording rule'),
});
