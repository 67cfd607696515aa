import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { siteOf } from '../sites/index.js';
import { publicCaptchaSettings, siteCaptchaSettings } from './captcha-settings.js';
import { issuePowChallenge } from './pow-provider.js';
import { PowChallengeAnswer, PublicCaptchaSettings } from './schemas.js';

/** Proof-of-work challenges issued per site and client IP: 60 a minute. */
export const CAPTCHA_CHALLENGE_RATE_LIMIT = Object.freeze({ name: 'captcha-challenge', max: 60, windowMs: 60_000, key: 'site+ip' as const });

/**
 * `GET /api/captcha/settings`: the site's provider and site key, read by the form and restock
 * islands; `GET /api/captcha/challenge`: a single-use proof-of-work challenge for the site.
 * (Google's hosts join the CSP of sites using reCAPTCHA through `sitePolicy`.)
 */
export async function registerCaptchaApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['captcha'];

  const settingsSchema = {
    tags,
    summary: "The site's captcha provider and site key (never its secrets)",
    response: withErrors({ 200: PublicCaptchaSettings }),
  };
  routes.get('/api/captcha/settings', { schema: settingsSchema }, async (request, reply) => {
    const site = siteOf(request);
    reply.header('cache-control', 'no-cache');
    return publicCaptchaSettings(site);
  });

  const challengeSchema = {
    tags,
    summary: 'A single-use proof-of-work challenge (404 when the site uses reCAPTCHA)',
    response: withErrors({ 200: PowChallengeAnswer }),
  };
  routes.get('/api/captcha/challenge', { onRequest: deps.rateLimit({ ...CAPTCHA_CHALLENGE_RATE_LIMIT }), schema: challengeSchema }, async (request, reply) => {
    const site = siteOf(request);
    const settings = siteCaptchaSettings(site);
    if (settings.provider !== 'pow') throw new AppError('NOT_FOUND', 'This site does not use proof-of-work captcha.');
    reply.header('cache-control', 'no-store');
    return { ...(await issuePowChallenge(deps.db, site.id, settings.difficulty)), algorithm: 'SHA-256' as const };
  });
}
