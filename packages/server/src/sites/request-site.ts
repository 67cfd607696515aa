import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import type { Website } from './website.js';

/** The website a request was resolved to; 404 'Site not found.' on the root host. */
export function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}
