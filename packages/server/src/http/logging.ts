import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { LogLevel } from '../config.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Request id: a well-formed incoming `X-Request-Id`, else a random UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Where log lines go when no stream is given: standard output, written asynchronously. A
 * synchronous write per access-log line was a few per cent of an uncached page's CPU; written
 * this way, lines logged while a write is under way leave together in the next one. Lines are
 * not held back (no minimum length), and what is pending is written synchronously when the
 * process exits (pino registers that for asynchronous destinations), so a crash that still
 * exits loses none; only a killed process can lose the lines of its last write.
 */
function standardOutput(): NodeJS.WritableStream {
  return pino.destination({ dest: 1, sync: false, minLength: 0 }) as unknown as NodeJS.WritableStream;
}

/** Fastify logger options: structured pino JSON, secrets redacted, `silent` turns logging off. */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'req.headers["x-siteuser-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    stream: stream ?? standardOutput(),
  };
}

/**
 * Writes the access-log line of one answered request: method, host, url, status and
 * milliseconds to a tenth. `log` is the request's own logger, which carries its id, or the
 * app's logger with the id given as `reqId`.
 */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  request: { readonly method?: string; readonly url?: string; readonly headers: IncomingHttpHeaders },
  statusCode: number,
  elapsedMs: number,
  reqId?: string,
): void {
  const { method, url } = request;
  const host = request.headers.host;
  const ms = Math.round(elapsedMs * 10) / 10;
  log.info(reqId === undefined ? { method, host, url, statusCode, ms } : { reqId, method, host, url, statusCode, ms }, 'request completed');
}

/**
 * One access-log line per request ({@link logRequestCompleted}), written when the response is
 * sent (Fastify's own request logging, two lines per request, is turned off in `buildApp`).
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request.log, request, reply.statusCode, reply.elapsedTime);
    done();
  });
}
