import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { isUncountedVisitor } from './uncounted-visitor.js';
import { clankerBatch, censusBatch, performanceBatch, recordEventBatch, scriptErrorBatch } from './ingest-events.js';
import type { IngestBatch } from './ingest-batch.js';
import type { IngestWriter } from './ingest-writer.js';
import {
  Accepted,
  ButtonEventBody,
  ClankerEnvelope,
  eventContentSchema,
  FormRenderBody,
  NO_PAYLOAD_MESSAGE,
  OlderClientPayload,
  OverlayBody,
  PerformanceRecords,
  QuickViewBody,
  QuickViewParams,
  RecordEventForm,
  SchemaNameParams,
  ScriptErrorReports,
  ValidationReport,
  CLANKER_SCHEMAS,
  type ClankerSchemaName,
} from './schemas.js';
import { isSiteProduct } from './site-items.js';
import { isRobotCall, ownPath, visitContextOf, type VisitContext } from './visit-context.js';
import type { DailySalt } from './visitor-hash.js';

/** Spec 7 paths of the tracking calls. */
export const TRACKING_PATHS = Object.freeze({
  javascriptErrors: '/api/events/RecordJavascriptErrors',
  recordEvent: '/api/events/RecordEvent',
  clankerEvents: '/api/v1/clanker/events',
  clankerValidate: '/api/v1/clanker/validate-event-content/:schemaName',
  buttonClick: '/api/census/button-click',
  buttonRender: '/api/census/button-render',
  formRender: '/api/census/form-render',
  overlay: '/api/census/overlay',
  quickView: '/api/census/RecordQuickView/:id',
  performance: '/api/1/performance/records',
});

/** Tracking calls allowed per site and client IP (all calls together): 600 a minute. */
export const TRACKING_RATE_LIMIT = Object.freeze({ name: 'analytics-ingest', max: 600, windowMs: 60_000, key: 'site+ip' as const });
/** Body limits, in bytes. */
export const TRACKING_BODY_LIMITS = Object.freeze({ errors: 128 * 1024, event: 8 * 1024, clanker: 20 * 1024, census: 8 * 1024, performance: 96 * 1024 });
/** Refusal of a quick view of an item the site does not sell. */
export const UNKNOWN_PRODUCT_MESSAGE = 'This site has no such product.';

/** What the ingestion routes share. */
export interface IngestDeps {
  app: AppDeps;
  salt: DailySalt;
  writer: IngestWriter;
}

/** True when nothing was sent: no body, an empty string, array or object. */
function isEmptyPayload(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  if (Array.isArray(body)) return body.length === 0;
  return typeof body === 'object' && Object.keys(body).length === 0;
}

/** preValidation hook refusing a call with nothing to record (spec 8: 'no payload'). */
async function refuseNoPayload(request: FastifyRequest): Promise<void> {
  if (isEmptyPayload(request.body)) throw new AppError('BAD_REQUEST', NO_PAYLOAD_MESSAGE);
}

/** JSON bodies of tracking calls, also when sent as text/plain by `navigator.sendBeacon`; an empty body is 'no payload'. */
function registerBeaconParsers(scope: FastifyInstance): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser(['application/json', 'text/plain']);
  scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    json(request, body as string, done);
  });
}

/** The eventContent JSON string as an object; anything else is a 400 naming the field. */
function parseEventContent(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'eventContent must be a JSON string.', {
      body: { fields: { eventContent: 'eventContent must be a JSON string.' } },
    });
  }
}

function zodFields(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
    fields[path] ??= issue.message;
  }
  return fields;
}

function validated<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = zodFields(result.error, prefix);
  throw new AppError('VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid payload.', { body: { fields } });
}

/**
 * Registers every tracking call of spec 7 except RecordHit (tracking/): validated, size- and
 * rate-limited, robots, owners and signed-in site users other than viewers (spec 6) answered without storing, and acknowledged (200 or 202) only
 * after the transaction holding the events has committed.
 */
export function registerIngestRoutes(parent: FastifyInstance, deps: IngestDeps): void {
  const { app } = deps;
  const limit = app.rateLimit({ ...TRACKING_RATE_LIMIT });

  /** Stores what `build` makes unless the call comes from a robot, the owner, a signed-in site user who is not a viewer, or recording is off; returns the count stored. */
  async function ingest(
    request: FastifyRequest,
    build: (context: VisitContext) => IngestBatch | Promise<IngestBatch>,
    reportedAgent?: string,
  ): Promise<{ accepted: number }> {
    const context = await visitContextOf(request, deps.salt);
    const batch = await build(context);
    if (
      !app.config.recordVisits ||
      isRobotCall(request, reportedAgent) ||
      (await isUncountedVisitor(app.db, app.config.ownerToken, request, context.websiteId))
    )
      return { accepted: 0 };
    if (batch.raw.length > 0) await deps.writer.write(batch);
    return { accepted: batch.raw.length };
  }

  parent.register(async (scope) => {
    registerBeaconParsers(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['tracking'];
    const noStore = { 'cache-control': 'no-store' };

    routes.post(
      TRACKING_PATHS.javascriptErrors,
      {
        bodyLimit: TRACKING_BODY_LIMITS.errors,
        onRequest: limit,
        preValidation: refuseNoPayload,
        schema: {
          tags,
          summary: 'Script error reports (JSON array of event, data, timestamp; crumb in X-CSRF-Token)',
          body: ScriptErrorReports,
          response: withErrors({ 200: Accepted }),
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return ingest(request, (context) => scriptErrorBatch(context, request.body));
      },
    );

    routes.post(
      TRACKING_PATHS.recordEvent,
      {
        bodyLimit: TRACKING_BODY_LIMITS.event,
        onRequest: limit,
        preValidation: async (request) => {
          const body = request.body as Record<string, unknown> | undefined;
          if (!body || typeof body !== 'object' || body.data === undefined || body.data === '' || body.data === '{}')
            throw new AppError('BAD_REQUEST', NO_PAYLOAD_MESSAGE);
        },
        schema: {
          tags,
          summary: 'An older-client event (form-encoded crumb, event, data as a JSON string)',
          body: RecordEventForm,
          response: withErrors({ 200: Accepted }),
        },
      },
      async (request, reply) => {
        if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'RecordEvent must be form-encoded: crumb, event, data.');
        }
        let data: unknown;
        try {
          data = JSON.parse(request.body.data);
        } catch {
          throw new AppError('VALIDATION_FAILED', 'data must be a JSON string.', { body: { fields: { data: 'data must be a JSON string.' } } });
        }
        const payload = validated(OlderClientPayload, data, 'data');
        reply.headers(noStore);
        return ingest(request, (context) => recordEventBatch(context, request.body.event, payload));
      },
    );

    routes.post(
      TRACKING_PATHS.clankerEvents,
      {
        bodyLimit: TRACKING_BODY_LIMITS.clanker,
        onRequest: limit,
        preValidation: refuseNoPayload,
        config: { crumb: false },
        schema: {
          tags,
          summary: 'A newer-client event: eventContent (JSON string) and eventSchemaName; JSON or text/plain (beacon)',
          body: ClankerEnvelope,
          response: withErrors({ 202: Accepted }),
        },
      },
      async (request, reply) => {
        const name = request.body.eventSchemaName;
        const content = validated(eventContentSchema(name), parseEventContent(request.body.eventContent), 'eventContent');
        const result = await ingest(request, (context) => clankerBatch(context, name, content), content.enduser_user_agent);
        return reply.code(202).headers(noStore).send(result);
      },
    );

    routes.post(
      TRACKING_PATHS.clankerValidate,
      {
        bodyLimit: TRACKING_BODY_LIMITS.clanker,
        onRequest: limit,
        preValidation: refuseNoPayload,
        schema: {
          tags,
          summary: 'Checks an event content against a schema and lists what is wrong (stores nothing; crumb in X-CSRF-Token)',
          params: SchemaNameParams,
          body: z.union([z.record(z.string(), z.unknown()), z.string()]).describe('The event content: a JSON object, or a JSON string of one'),
          response: withErrors({ 200: ValidationReport }),
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const { schemaName } = request.params;
        if (!(CLANKER_SCHEMAS as readonly string[]).includes(schemaName)) {
          return {
            valid: false,
            errors: [{ field: 'eventSchemaName', message: `Unknown schema: ${schemaName.slice(0, 64)}. Known: ${CLANKER_SCHEMAS.join(', ')}.` }],
          };
        }
        let content: unknown = request.body;
        if (typeof content === 'string') {
          try {
            content = JSON.parse(content);
          } catch {
            return { valid: false, errors: [{ field: 'eventContent', message: 'eventContent must be a JSON string.' }] };
          }
        }
        const result = eventContentSchema(schemaName as ClankerSchemaName).safeParse(content);
        if (result.success) return { valid: true, errors: [] };
        return { valid: false, errors: Object.entries(zodFields(result.error)).map(([field, message]) => ({ field, message })) };
      },
    );

    const censusOptions = { bodyLimit: TRACKING_BODY_LIMITS.census, onRequest: limit, preValidation: refuseNoPayload };
    const censusSchema = <B extends z.ZodType>(summary: string, body: B) => ({ tags, summary, body, response: withErrors({ 200: Accepted }) });

    for (const [name, path] of [
      ['button-click', TRACKING_PATHS.buttonClick],
      ['button-render', TRACKING_PATHS.buttonRender],
    ] as const) {
      routes.post(
        path,
        { ...censusOptions, schema: censusSchema(`Census ${name} (JSON: visitorCookie and page fields; crumb in X-CSRF-Token or the body)`, ButtonEventBody) },
        async (request, reply) => {
          reply.headers(noStore);
          const { url, title, buttonText, buttonHref } = request.body;
          return ingest(request, (context) => censusBatch(context, name, ownPath(url, context), { title, buttonText, buttonHref }));
        },
      );
    }

    routes.post(
      TRACKING_PATHS.formRender,
      { ...censusOptions, schema: censusSchema('Census form-render (JSON: formId, visitorCookie)', FormRenderBody) },
      async (request, reply) => {
        reply.headers(noStore);
        const { formId, url } = request.body;
        return ingest(request, (context) => censusBatch(context, 'form-render', url ? ownPath(url, context) : '', { formId }));
      },
    );

    routes.post(
      TRACKING_PATHS.overlay,
      { ...censusOptions, schema: censusSchema('Census overlay (JSON: visitorCookie and overlay fields)', OverlayBody) },
      async (request, reply) => {
        reply.headers(noStore);
        const { overlayAction, overlayVersion, url, title } = request.body;
        return ingest(request, (context) => censusBatch(context, `overlay-${overlayAction}`, ownPath(url, context), { overlayAction, overlayVersion, title }));
      },
    );

    routes.post(
      TRACKING_PATHS.quickView,
      {
        ...censusOptions,
        schema: {
          tags,
          summary: 'Census quick view of a product (counts as a product view)',
          params: QuickViewParams,
          body: QuickViewBody,
          response: withErrors({ 200: Accepted }),
        },
      },
      async (request, reply) => {
        const site = request.site;
        if (!site || !(await isSiteProduct(app.db, site.id, request.params.id))) throw new AppError('NOT_FOUND', UNKNOWN_PRODUCT_MESSAGE);
        reply.headers(noStore);
        const { url } = request.body;
        return ingest(request, (context) =>
          censusBatch(context, 'quick-view', url ? ownPath(url, context) : '', { itemId: request.params.id }, request.params.id),
        );
      },
    );

    routes.post(
      TRACKING_PATHS.performance,
      {
        bodyLimit: TRACKING_BODY_LIMITS.performance,
        onRequest: limit,
        preValidation: refuseNoPayload,
        config: { crumb: false },
        schema: {
          tags,
          summary: 'Performance records (JSON array of app, data, event, pageLoadId, ts, raw); JSON or text/plain (beacon)',
          body: PerformanceRecords,
          response: withErrors({ 202: Accepted }),
        },
      },
      async (request, reply) => {
        const result = await ingest(request, (context) => performanceBatch(context, request.body));
        return reply.code(202).headers(noStore).send(result);
      },
    );
  });
}
