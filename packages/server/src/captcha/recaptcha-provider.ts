import type { CaptchaCheck, CaptchaProvider, CaptchaResult } from './captcha-provider.js';
import { AssessmentAnswer, SiteverifyAnswer } from './schemas.js';

/** How long a verify call may take before the token counts as failed. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;

/** Settings of the reCAPTCHA checkbox (siteverify API). */
export interface RecaptchaOptions {
  verifyUrl: string;
  secret: string;
  /** Lowest accepted score when the answer carries one (v3). */
  minScore: number;
  fetch?: typeof fetch;
}

async function postWithTimeout(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`verify endpoint answered HTTP ${response.status}`);
  return response.json();
}

/** reCAPTCHA checkbox: the token is checked server-side at the siteverify URL with the site's secret. */
export class RecaptchaCheckboxProvider implements CaptchaProvider {
  readonly kind = 'recaptcha' as const;

  constructor(private readonly options: RecaptchaOptions) {}

  async verify(check: CaptchaCheck): Promise<CaptchaResult> {
    if (!check.token) return { ok: false, reason: 'missing' };
    const body = new URLSearchParams({ secret: this.options.secret, response: check.token });
    if (check.remoteIp) body.set('remoteip', check.remoteIp);
    try {
      const answer = SiteverifyAnswer.parse(
        await postWithTimeout(this.options.fetch ?? fetch, this.options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        }),
      );
      if (answer.success !== true) return { ok: false, reason: 'failed' };
      if (typeof answer.score === 'number' && answer.score < this.options.minScore) return { ok: false, reason: 'failed' };
      return { ok: true };
    } catch {
      return { ok: false, reason: 'failed' };
    }
  }
}

/** Settings of reCAPTCHA Enterprise v3 (assessments API). */
export interface RecaptchaEnterpriseOptions {
  /** Assessment URL; `{project}` is replaced by the project id. */
  assessmentUrl: string;
  projectId: string;
  apiKey: string;
  siteKey: string;
  minScore: number;
  fetch?: typeof fetch;
}

/** reCAPTCHA Enterprise v3: an assessment must be valid, for the expected action, and score high enough. */
export class RecaptchaEnterpriseProvider implements CaptchaProvider {
  readonly kind = 'recaptcha-enterprise' as const;

  constructor(private readonly options: RecaptchaEnterpriseOptions) {}

  async verify(check: CaptchaCheck): Promise<CaptchaResult> {
    if (!check.token) return { ok: false, reason: 'missing' };
    const url = new URL(this.options.assessmentUrl.replace('{project}', encodeURIComponent(this.options.projectId)));
    url.searchParams.set('key', this.options.apiKey);
    try {
      const answer = AssessmentAnswer.parse(
        await postWithTimeout(this.options.fetch ?? fetch, url.toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            event: { token: check.token, siteKey: this.options.siteKey, expectedAction: check.action, userIpAddress: check.remoteIp },
          }),
        }),
      );
      const token = answer.tokenProperties;
      const score = answer.riskAnalysis.score;
      if (token.valid !== true) return { ok: false, reason: 'failed' };
      if (typeof token.action === 'string' && token.action !== '' && token.action !== check.action) return { ok: false, reason: 'failed' };
      if (typeof score !== 'number' || score < this.options.minScore) return { ok: false, reason: 'failed' };
      return { ok: true };
    } catch {
      return { ok: false, reason: 'failed' };
    }
  }
}
