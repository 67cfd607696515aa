import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors/index.js';
import type { Website } from '../sites/index.js';

/** The request's website; 404 on a host without one. */
export function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw notFound();
  return request.site;
}

/** Marks a JSON answer as private and never cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store, private');
}
