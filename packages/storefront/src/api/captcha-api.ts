import type { PowChallenge } from '@emporium/forms';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';

/** Captcha providers a site may use. */
export type CaptchaProviderKind = 'pow' | 'recaptcha' | 'recaptcha-enterprise';

/** What `GET /api/captcha/settings` tells the browser. */
export interface CaptchaSettings {
  /** Site-wide captcha on restock sign-ups (forms use their own `captchaEnabled`). */
  readonly enabled: boolean;
  readonly provider: CaptchaProviderKind;
  readonly siteKey: string;
}

/** Paths of the captcha calls. */
export const CaptchaPaths = Object.freeze({
  SETTINGS: '/api/captcha/settings',
  CHALLENGE: '/api/captcha/challenge',
});

const PROVIDERS: ReadonlyArray<string> = ['pow', 'recaptcha', 'recaptcha-enterprise'];

/** GET /api/captcha/settings; rejects on a malformed answer. */
export async function fetchCaptchaSettings(ctx: HttpContext): Promise<CaptchaSettings> {
  const res = await requestJson<Partial<CaptchaSettings>>(ctx, CaptchaPaths.SETTINGS);
  if (!res || !PROVIDERS.includes(res.provider as string)) throw new Error('Malformed captcha settings');
  return { enabled: res.enabled === true, provider: res.provider as CaptchaProviderKind, siteKey: typeof res.siteKey === 'string' ? res.siteKey : '' };
}

/** GET /api/captcha/challenge: a fresh single-use proof-of-work challenge. */
export async function fetchPowChallenge(ctx: HttpContext): Promise<PowChallenge> {
  const res = await requestJson<PowChallenge>(ctx, CaptchaPaths.CHALLENGE);
  if (typeof res?.challenge !== 'string' || !Number.isInteger(res.difficulty)) throw new Error('Malformed captcha challenge');
  return res;
}
