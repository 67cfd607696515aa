import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/website.js';
import { siteCaptchaSettings, type SiteCaptchaSettings } from './captcha-settings.js';
import { issuePowChallenge } from './pow-provider.js';
import { registerRecaptchaCsp } from './recaptcha-csp.js';

export { assertCaptcha, type CaptchaAction, type CaptchaCheck, type CaptchaProvider, type CaptchaResult } from './captcha-provider.js';
export { captchaProviderFor, siteCaptchaSettings, RECAPTCHA_NOT_SET_UP, type SiteCaptchaSettings } from './captcha-settings.js';
export { PowCaptchaProvider, issuePowChallenge, parsePowToken, DEFAULT_POW_DIFFICULTY, POW_CHALLENGE_TTL_MS } from './pow-provider.js';
export { RecaptchaCheckboxProvider, RecaptchaEnterpriseProvider, type RecaptchaOptions, type RecaptchaEnterpriseOptions } from './recaptcha-provider.js';
export { RECAPTCHA_CSP_SOURCES, withRecaptchaSources } from './recaptcha-csp.js';
export { solvePowChallenge, meetsDifficulty, leadingZeroBits, type PowChallenge } from './proof-of-work.js';

/** What a visitor's browser needs to know about a site's captcha; never the secrets. */
export interface PublicCaptchaSettings {
  /** Site-wide captcha on restock sign-ups. */
  enabled: boolean;
  provider: SiteCaptchaSettings['provider'];
  /** reCAPTCHA site key; empty for proof of work. */
  siteKey: string;
}

/** The public part of a site's captcha settings. */
export function publicCaptchaSettings(site: Pick<Website, 'settings'>): PublicCaptchaSettings {
  const settings = siteCaptchaSettings(site);
  return { enabled: settings.enabled, provider: settings.provider, siteKey: settings.provider === 'pow' ? '' : settings.siteKey };
}

/**
 * `GET /api/captcha/settings`: the site's provider and site key, read by the form and restock
 * islands; `GET /api/captcha/challenge`: a single-use proof-of-work challenge for the site;
 * Google's hosts added to the CSP of sites using reCAPTCHA.
 */
export async function registerCaptchaApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRecaptchaCsp(app);
  app.get('/api/captcha/settings', async (request, reply) => {
    const site = request.site;
    if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    reply.header('cache-control', 'no-cache');
    return publicCaptchaSettings(site);
  });
  app.get(
    '/api/captcha/challenge',
    { onRequest: deps.rateLimit({ name: 'captcha-challenge', max: 60, windowMs: 60_000, key: 'site+ip' }) },
    async (request, reply) => {
      const site = request.site;
      if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
      const settings = siteCaptchaSettings(site);
      if (settings.provider !== 'pow') throw new AppError('NOT_FOUND', 'This site does not use proof-of-work captcha.');
      reply.header('cache-control', 'no-store');
      return issuePowChallenge(deps.db, site.id, settings.difficulty);
    },
  );
}
