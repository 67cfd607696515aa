import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/index.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses `application/x-www-form-urlencoded` into a prototype-free map; repeated keys keep the
 * last value; a `__proto__`, `constructor` or `prototype` key is refused with 400.
 */
export function parseFormBody(body: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    if (FORBIDDEN_KEYS.has(key)) throw new AppError('BAD_REQUEST', 'Request body contains a forbidden key.');
    result[key] = value;
  }
  return result;
}

/**
 * Adds the form-encoded body parser (@fastify/formbody with {@link parseFormBody}; the
 * server's body limit applies). Tracking calls post `crumb`, `event`, `data` this way.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyFormbody, { parser: parseFormBody });
}
