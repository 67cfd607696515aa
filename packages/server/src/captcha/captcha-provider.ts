import { FormMessages } from '@emporium/forms';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';

/** Where a captcha is solved (spec 7: form block, newsletter block, product waitlist, promo popup). */
export type CaptchaAction = 'form_block' | 'newsletter_block' | 'product_waitlist' | 'promo_popup';

/** The outcome of checking a captcha token. */
export type CaptchaResult = { ok: true } | { ok: false; reason: 'missing' | 'failed' };

/** What a provider needs to check one token. */
export interface CaptchaCheck {
  db: DbOrTx;
  websiteId: string;
  token: string | undefined;
  action: CaptchaAction;
  remoteIp?: string;
}

/** A captcha service: self-hosted proof of work, reCAPTCHA checkbox or reCAPTCHA Enterprise v3. */
export interface CaptchaProvider {
  readonly kind: 'pow' | 'recaptcha' | 'recaptcha-enterprise';
  /** Checks a token once; a token never passes twice. */
  verify(check: CaptchaCheck): Promise<CaptchaResult>;
}

/**
 * Throws the spec 8 message for a failed check: a missing token gives 'Complete CAPTCHA before
 * submitting.' (400), a rejected one 'reCAPTCHA failed. Refresh this page and try again.' (403).
 */
export function assertCaptcha(result: CaptchaResult): void {
  if (result.ok) return;
  if (result.reason === 'missing') {
    throw new AppError('BAD_REQUEST', FormMessages.CAPTCHA_REQUIRED, { body: { errors: {} } });
  }
  throw new AppError('FORBIDDEN', FormMessages.RECAPTCHA_FAILED);
}
