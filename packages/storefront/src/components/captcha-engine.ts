import { solvePowChallenge } from '@emporium/forms';
import { browserHttpContext } from '../api/http.js';
import { fetchCaptchaSettings, fetchPowChallenge, type CaptchaSettings } from '../api/captcha-api.js';
import { loadRecaptcha, recaptchaSize, type Grecaptcha } from '../lib/captcha-script.js';

/**
 * The work behind `useCaptcha` (settings, proof of work, the reCAPTCHA script), in a module of
 * its own that a form loads only when it needs a captcha: most forms have none, and their pages
 * download none of this.
 */
export function captchaSettings(): Promise<CaptchaSettings> {
  return fetchCaptchaSettings(browserHttpContext());
}

/** Fetches a single-use challenge and solves it; rejects when either fails or `signal` aborts. */
export async function solvePow(signal: AbortSignal): Promise<string> {
  const challenge = await fetchPowChallenge(browserHttpContext());
  return solvePowChallenge(challenge, { signal });
}

export { loadRecaptcha, recaptchaSize, type Grecaptcha };
