import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '@emporium/template';
import { AppError, ERROR_STATUS, GENERIC_ERROR_MESSAGE, type ErrorCode } from '../errors/index.js';
import { schemaFieldErrors } from './schemas.js';

const FASTIFY_CODES: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Content-Length does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is empty but declared as JSON.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is not valid JSON.' },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'Malformed URL.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'Bad request.' },
};

/** What the error handler decided to send. */
export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** True when the error was unexpected and must be logged as such. */
  unexpected: boolean;
}

/** Maps any thrown value to a client-safe response. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, body: { ...error.body }, headers: { ...error.headers }, unexpected: false };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && typeof fastifyError === 'object') {
    const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
    if (known) return { status: ERROR_STATUS[known.code], code: known.code, message: known.message, body: {}, headers: {}, unexpected: false };
    if (fastifyError.validation) {
      const fields = schemaFieldErrors(error) ?? {};
      const first = Object.entries(fields)[0];
      const message = first ? first[1] : 'Request does not match the expected shape.';
      return { status: 400, code: 'VALIDATION_FAILED', message, body: { fields }, headers: {}, unexpected: false };
    }
    if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
      return { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON.', body: {}, headers: {}, unexpected: false };
    }
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status) ?? 'BAD_REQUEST';
      return { status, code, message: 'Bad request.', body: {}, headers: {}, unexpected: false };
    }
  }
  return { status: 500, code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE, body: {}, headers: {}, unexpected: true };
}

/** True when the client should get JSON rather than an HTML page. */
export function wantsJson(request: FastifyRequest): boolean {
  const path = routePath(request);
  if (path === '/api' || path.startsWith('/api/')) return true;
  if (/[?&]format=json(?:&|$)/.test(request.url)) return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * The path a request is routed by: the pattern of the route Fastify matched, or for unmatched
 * requests the decoded path (so `/%61pi/x` counts as `/api/x`, as the router sees it).
 */
export function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route && !route.includes('*')) return route;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A minimal standalone HTML page for errors outside the theme (unknown host, fatal errors). */
export function renderErrorPage(status: number, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><small>HTTP ${status}</small></p></main></body></html>`;
}

/**
 * Theme-rendered pages for errors on a site host, filled in by the page module: the site's
 * not-found page (page type 100) and error page (page type 101). They must send the reply.
 */
export interface PageFallbacks {
  notFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  error?: (request: FastifyRequest, reply: FastifyReply, response: ErrorResponse) => Promise<unknown>;
  /** Sends a site's account page (trusted, escaped markup) inside the site's theme layout (the `account` system template). */
  account?: (request: FastifyRequest, reply: FastifyReply, page: { status: number; title: string; body: string }) => Promise<unknown>;
  /** Answers a GET with the site's page at the request's path, as the pages' own route does (for a route whose path turns out to name a page). */
  page?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** Sends an error response as JSON (`{ error, message, ... }`) or as a small HTML page. */
export function sendError(request: FastifyRequest, reply: FastifyReply, response: ErrorResponse): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  if (wantsJson(request)) {
    const body = JSON.stringify({ ...response.body, error: response.code, message: response.message });
    return reply.type('application/json; charset=utf-8').send(body);
  }
  const title = response.status === 404 ? 'Page not found' : response.status >= 500 ? GENERIC_ERROR_MESSAGE : 'Bad request';
  return reply.type('text/html; charset=utf-8').send(renderErrorPage(response.status, title, response.message));
}

async function sendWithFallback(request: FastifyRequest, reply: FastifyReply, response: ErrorResponse, fallbacks: PageFallbacks): Promise<FastifyReply> {
  const render = response.status === 404 ? fallbacks.notFound : response.status >= 500 ? fallbacks.error : undefined;
  if (render && request.site && !wantsJson(request) && !reply.sent) {
    try {
      reply.code(response.status);
      await render(request, reply, response);
      if (reply.sent) return reply;
    } catch (error) {
      request.log.error({ err: error }, 'error page rendering failed');
    }
  }
  return sendError(request, reply, response);
}

/**
 * Installs the one error handler and the not-found handler. Unexpected errors are logged
 * with the request id; the client never sees a stack or internal message. On a site host,
 * HTML 404 and 5xx responses use the theme pages registered in `fallbacks` when present.
 */
export function registerErrorHandling(app: FastifyInstance, fallbacks: PageFallbacks = {}): void {
  app.setErrorHandler(async (error, request, reply) => {
    const response = toErrorResponse(error);
    if (response.unexpected) request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    else if (response.status >= 500) request.log.warn({ err: error }, response.code);
    else request.log.info({ code: response.code, status: response.status }, 'request refused');
    return sendWithFallback(request, reply, response, fallbacks);
  });
  app.setNotFoundHandler(async (request, reply) =>
    sendWithFallback(request, reply, { status: 404, code: 'NOT_FOUND', message: 'Not found', body: {}, headers: {}, unexpected: false }, fallbacks),
  );
}
