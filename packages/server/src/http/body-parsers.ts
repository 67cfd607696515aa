import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses `application/x-www-form-urlencoded` into a prototype-free map; repeated keys keep the last value. */
export function parseFormBody(body: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    if (FORBIDDEN_KEYS.has(key)) throw new AppError('BAD_REQUEST', 'Request body contains a forbidden key.');
    result[key] = value;
  }
  return result;
}

/** Adds the form-encoded body parser (tracking calls post `crumb`, `event`, `data` this way). */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
