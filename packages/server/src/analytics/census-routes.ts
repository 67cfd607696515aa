import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { EmptyResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { siteOf, type Website } from '../sites/index.js';
import { CENSUS_HIT_BODY_LIMIT, censusHitOf, type CensusHit } from './census-hit.js';
import { CensusHitForm } from './census-schemas.js';
import { hitTargetsExist, recordPageView } from './page-view-repository.js';
import { isUncountedVisitor } from './uncounted-visitor.js';
import { PageViewPruner } from './visit-retention.js';
import { isDeclaredRobot, isUnrecordedPath } from './visit-policy.js';

/** Path of the page-view beacon (spec 7). */
export const RECORD_HIT_PATH = '/api/census/RecordHit';
/** Census hits allowed per site and client IP: 120 a minute. */
export const CENSUS_HIT_RATE_LIMIT = Object.freeze({ name: 'census-hit', max: 120, windowMs: 60_000, key: 'site+ip' as const });
/** Old page views are pruned a minute after start, then every 6 hours. */
export const PRUNE_FIRST_DELAY_MS = 60_000;
export const PRUNE_EVERY_MS = 6 * 3_600_000;
/** Refusal of a hit naming an item or collection the site does not have. */
export const UNKNOWN_HIT_TARGET_MESSAGE = 'Census hit names an item or collection this site does not have.';

async function shouldRecord(deps: AppDeps, ownerToken: string | undefined, request: FastifyRequest, site: Website, hit: CensusHit): Promise<boolean> {
  if (!deps.config.recordVisits || isUnrecordedPath(hit.path)) return false;
  if (isDeclaredRobot(request.headers['user-agent']) || isDeclaredRobot(hit.userAgent)) return false;
  return !(await isUncountedVisitor(deps.db, ownerToken, request, site.id));
}

/**
 * Registers `POST /api/census/RecordHit` (spec 7): a form-encoded page-view hit (`event`,
 * `data`, `ss_cvr`, and the `crumb` every state change carries), stored under the site of the
 * Host header. Answers 204 whether the hit was stored or skipped by the spec 6 rules or because
 * the user agent declares a robot. Also schedules the pruning of page views past retention.
 */
export function registerCensusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { ownerToken } = deps.config;
  const pruner = new PageViewPruner(deps.db, {
    firstDelayMs: PRUNE_FIRST_DELAY_MS,
    everyMs: PRUNE_EVERY_MS,
    onError: (error) => app.log.warn({ err: error }, 'pruning old page views failed'),
    onPruned: (rows) => {
      if (rows > 0) app.log.info({ rows }, 'pruned old page views');
    },
  });
  app.addHook('onReady', async () => pruner.start());
  app.addHook('onClose', async () => pruner.stop());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['census'],
    summary: 'Record a page view (form-encoded; 204 whether stored or skipped)',
    consumes: ['application/x-www-form-urlencoded'],
    body: CensusHitForm,
    response: withErrors({ 204: EmptyResponse }),
  };
  routes.post(
    RECORD_HIT_PATH,
    { bodyLimit: CENSUS_HIT_BODY_LIMIT, onRequest: deps.rateLimit({ ...CENSUS_HIT_RATE_LIMIT }), preValidation: formEncodedOnly, schema },
    async (request, reply) => {
      const site = siteOf(request);
      const hit = censusHitOf(request.body, request.headers.host ?? '');
      if (!(await hitTargetsExist(deps.db, site.id, hit))) throw new AppError('UNPROCESSABLE', UNKNOWN_HIT_TARGET_MESSAGE);
      if (await shouldRecord(deps, ownerToken, request, site, hit)) await recordPageView(deps.db, site.id, hit);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}

/** Census hits are form posts (sendBeacon with URLSearchParams); anything else answers 415 before validation. */
async function formEncodedOnly(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Census hits must be form-encoded.');
}
