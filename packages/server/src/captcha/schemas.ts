import { z } from '../http/schemas.js';

/** The captcha kinds a site can use. */
export const CAPTCHA_PROVIDERS = ['pow', 'recaptcha', 'recaptcha-enterprise'] as const;

/** What a visitor's browser needs to know about a site's captcha; never the secrets. */
export const PublicCaptchaSettings = z.object({
  enabled: z.boolean().describe('Site-wide captcha on restock sign-ups'),
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.string().describe('reCAPTCHA site key; empty for proof of work'),
});
/** What a visitor's browser needs to know about a site's captcha. */
export type PublicCaptchaSettings = z.output<typeof PublicCaptchaSettings>;

/** A single-use proof-of-work challenge. */
export const PowChallengeAnswer = z.object({
  challenge: z.string().describe('32 hex digits; answer with `challenge:nonce`'),
  difficulty: z.number().int().describe('Leading zero bits the SHA-256 of `challenge:nonce` must have'),
  algorithm: z.literal('SHA-256'),
  expiresAt: z.string().describe('ISO 8601 time after which the challenge is refused'),
});

/** The stored `settings.captcha` of a site, read leniently: each malformed setting falls back to its default. */
export const StoredCaptchaSettings = z
  .object({
    enabled: z.boolean().catch(false),
    provider: z.enum(CAPTCHA_PROVIDERS).catch('pow'),
    difficulty: z.int().min(1).max(32).optional().catch(undefined),
    secret: z.string().catch(''),
    secretSealed: z.string().catch(''),
    projectId: z.string().catch(''),
    apiKey: z.string().catch(''),
    apiKeySealed: z.string().catch(''),
    minScore: z.number().catch(0.5),
  })
  .partial()
  .catch({});

/** The part of Google's siteverify answer the checkbox provider reads. */
export const SiteverifyAnswer = z.looseObject({ success: z.boolean().optional().catch(undefined), score: z.number().optional().catch(undefined) }).catch({});

/** The part of a reCAPTCHA Enterprise assessment the provider reads. */
export const AssessmentAnswer = z
  .looseObject({
    tokenProperties: z
      .looseObject({ valid: z.boolean().optional().catch(undefined), action: z.string().optional().catch(undefined) })
      .catch({})
      .default({}),
    riskAnalysis: z
      .looseObject({ score: z.number().optional().catch(undefined) })
      .catch({})
      .default({}),
  })
  .catch({ tokenProperties: {}, riskAnalysis: {} });
