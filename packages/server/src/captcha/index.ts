/** Captcha: proof of work by default, reCAPTCHA (checkbox or Enterprise) when a site sets it up. */
export { assertCaptcha, type CaptchaAction, type CaptchaCheck, type CaptchaProvider, type CaptchaResult } from './captcha-provider.js';
export {
  captchaProviderFor,
  captchaIsSetUp,
  sealCaptchaSecret,
  siteCaptchaSettings,
  publicCaptchaSettings,
  RECAPTCHA_NOT_SET_UP,
  type CaptchaSecretField,
  type SiteCaptchaSettings,
  type StoredSecret,
} from './captcha-settings.js';
export { PowCaptchaProvider, issuePowChallenge, parsePowToken, DEFAULT_POW_DIFFICULTY, POW_CHALLENGE_TTL_MS } from './pow-provider.js';
export { RecaptchaCheckboxProvider, RecaptchaEnterpriseProvider, type RecaptchaOptions, type RecaptchaEnterpriseOptions } from './recaptcha-provider.js';
export { RECAPTCHA_CSP_SOURCES, sitePolicy, withRecaptchaSources } from './recaptcha-csp.js';
export { solvePowChallenge, meetsDifficulty, leadingZeroBits, type PowChallenge } from './proof-of-work.js';
export { registerCaptchaApi, CAPTCHA_CHALLENGE_RATE_LIMIT } from './routes.js';
export { PublicCaptchaSettings, PowChallengeAnswer, CAPTCHA_PROVIDERS } from './schemas.js';
