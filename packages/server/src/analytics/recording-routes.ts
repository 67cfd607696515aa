import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { isRecordingEligible, MOCK_RECORDING_ID } from './recording-eligibility.js';
import { RecordingId, RecordingQuery } from './schemas.js';

/** Spec 7 path of the session-recording id. */
export const RECORDING_ID_PATH = '/api/commerce/fullstory/getId';
/** Spec 9 default time zone of a site. */
const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * Registers `GET /api/commerce/fullstory/getId`. Session recording is off in Emporium (no
 * recorder is connected), so the id is always the mock id that tells the client to skip; the
 * answer also says whether the visit would be eligible under spec 5's rule.
 */
export function registerRecordingRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    RECORDING_ID_PATH,
    {
      schema: {
        tags: ['tracking'],
        summary: "Session-recording id ('mock' while recording is off) and spec 5 eligibility",
        querystring: RecordingQuery,
        response: withErrors({ 200: RecordingId }),
      },
    },
    async (request, reply) => {
      const site = request.site;
      if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
      const settings = site.settings;
      const eligible = isRecordingEligible({
        country: typeof settings.country === 'string' ? settings.country : undefined,
        timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE,
        featureEnabled: settings.sessionRecording === true,
        sampled: request.query.sampled === 'true',
        hardwareThreads: request.query.hardwareConcurrency === undefined ? undefined : Number(request.query.hardwareConcurrency),
      });
      reply.header('cache-control', 'no-store');
      return { id: MOCK_RECORDING_ID, eligible };
    },
  );
}
