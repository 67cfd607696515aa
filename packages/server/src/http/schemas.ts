import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

export { z, type ZodTypeProvider };

/** Path of the OpenAPI 3.1 document of every call. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Path of the human-readable API reference (served when API docs are on). */
export const API_DOCS_PATH = '/api/docs';

/**
 * Makes zod schemas the language of routes: requests are validated and typed by the route's
 * `schema` (params, querystring, body, headers) and JSON answers are checked against its
 * `response` schemas before they are sent.
 */
export function registerSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * Registers the OpenAPI document built from the routes' schemas at {@link OPENAPI_PATH} and,
 * when `docs` is on, a reference page at {@link API_DOCS_PATH}. Call before any route is added,
 * so every route is collected.
 */
export async function registerApiDocument(app: FastifyInstance, options: { docs: boolean; version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Emporium API',
        description: 'Visitor calls of the storefront (spec section 7, at their exact paths) and the owner calls under /api/owner.',
        version: options.version,
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.docs) await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.swagger();
  });
}

/**
 * Body of every error answer: a stable code, a message for people and, for 400s from a schema,
 * per-field messages. Extra fields (`crumbFail`, `crossSite`, spec fields) may follow. Error
 * answers are written as text by the error handler, so this schema documents them and never
 * turns an error into a serialisation failure.
 */
export const ErrorBody = z
  .looseObject({
    error: z.string().describe('Stable error code, e.g. VALIDATION_FAILED, CRUMB_FAIL, NOT_FOUND, RATE_LIMITED'),
    message: z.string().describe('What went wrong, for people'),
    fields: z.record(z.string(), z.string()).optional().describe('Per-field messages keyed by the field path'),
  })
  .describe('An error');

/** `responses` with the documented error answer added for 4xx statuses. */
export function withErrors<T extends Record<number, z.ZodType | TextResponse>>(responses: T): T & { '4xx': typeof ErrorBody } {
  return { ...responses, '4xx': ErrorBody };
}

/** One field's complaint: the dotted path of the field (`shippingAddress.city`, `0.quantity`) and its message. */
export type FieldErrors = Record<string, string>;

/**
 * The per-field messages of a schema validation error, keyed by the field's dotted path inside
 * the part that failed (body, query string or params); null for other errors.
 */
export function schemaFieldErrors(error: unknown): FieldErrors | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const fields: FieldErrors = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '(root)';
    fields[path] ??= issue.message ?? 'Invalid value.';
  }
  return fields;
}

/** Query of a paged list: the previous page's `nextPageCursor` and a page size (1 to 100, default 50). */
export const PageQuery = z.object({
  cursor: z.string().max(1000, { error: 'cursor is not valid.' }).optional().describe("The previous page's nextPageCursor; absent for the first page"),
  limit: z.string().optional().describe('Page size, a whole number from 1 to 100 (default 50)'),
});

/** How a paged list answer ends: whether more follows and the cursor of the next page. */
export { PageEnd } from './page-end.js';

/**
 * Body of a state change that carries no fields: the crumb travels in the `x-csrf-token`
 * header (or, for form posts, as the `crumb` field, read before validation). Unknown fields
 * are dropped.
 */
export const EmptyBody = z.object({}).nullish().describe('No fields');

/**
 * A success answer that is not JSON (an HTML page, a feed, a stylesheet, an image), documented
 * with its media type; the handler sends the text or bytes as they are.
 */
export function textResponse(mediaType: string, description: string): TextResponse {
  return { description, content: { [mediaType]: { schema: z.string().describe(description) } } };
}

/** A documented non-JSON answer (see {@link textResponse}). */
export interface TextResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** Success answer of a page route: an HTML document. */
export const htmlResponse = (description = 'An HTML page') => textResponse('text/html', description);

/** A success answer without a body (204 No Content). */
export const EmptyResponse = z.null().describe('No content');
