import type { Website } from '../sites/index.js';
import { AppError } from '../errors/index.js';
import type { FormsConfig } from '../config.js';
import type { CaptchaProvider } from './captcha-provider.js';
import { DEFAULT_POW_DIFFICULTY, PowCaptchaProvider } from './pow-provider.js';
import { RecaptchaCheckboxProvider, RecaptchaEnterpriseProvider } from './recaptcha-provider.js';
import { StoredCaptchaSettings, type CAPTCHA_PROVIDERS, type PublicCaptchaSettings } from './schemas.js';

/** Spec 8 (setup): a reCAPTCHA provider chosen without its keys. */
export const RECAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!';

/** A site's captcha settings (`settings.captcha`, site key in `settings.captchaSiteKey`). */
export interface SiteCaptchaSettings {
  /** Site-wide captcha (restock sign-ups); forms use their own `captchaEnabled`. */
  enabled: boolean;
  provider: (typeof CAPTCHA_PROVIDERS)[number];
  difficulty: number;
  siteKey: string;
  secret: string;
  projectId: string;
  apiKey: string;
  minScore: number;
}

/** Reads a site's captcha settings with defaults: proof of work, difficulty 14, minimum score 0.5. */
export function siteCaptchaSettings(site: Pick<Website, 'settings'>): SiteCaptchaSettings {
  const own = StoredCaptchaSettings.parse(site.settings.captcha);
  const siteKey = site.settings.captchaSiteKey;
  return {
    enabled: own.enabled ?? false,
    provider: own.provider ?? 'pow',
    difficulty: own.difficulty ?? DEFAULT_POW_DIFFICULTY,
    siteKey: typeof siteKey === 'string' ? siteKey : '',
    secret: own.secret ?? '',
    projectId: own.projectId ?? '',
    apiKey: own.apiKey ?? '',
    minScore: own.minScore ?? 0.5,
  };
}

const pow = new PowCaptchaProvider();

/** The provider a site uses; proof of work unless a reCAPTCHA kind is configured with its keys. */
export function captchaProviderFor(
  site: Pick<Website, 'settings'>,
  config: Pick<FormsConfig, 'recaptchaVerifyUrl' | 'recaptchaEnterpriseUrl'>,
): CaptchaProvider {
  const settings = siteCaptchaSettings(site);
  if (settings.provider === 'pow') return pow;
  if (settings.provider === 'recaptcha') {
    if (!settings.secret) throw new AppError('UNAVAILABLE', RECAPTCHA_NOT_SET_UP);
    return new RecaptchaCheckboxProvider({ verifyUrl: config.recaptchaVerifyUrl, secret: settings.secret, minScore: settings.minScore });
  }
  if (!settings.projectId || !settings.apiKey || !settings.siteKey) throw new AppError('UNAVAILABLE', RECAPTCHA_NOT_SET_UP);
  return new RecaptchaEnterpriseProvider({
    assessmentUrl: config.recaptchaEnterpriseUrl,
    projectId: settings.projectId,
    apiKey: settings.apiKey,
    siteKey: settings.siteKey,
    minScore: settings.minScore,
  });
}

/** The public part of a site's captcha settings. */
export function publicCaptchaSettings(site: Pick<Website, 'settings'>): PublicCaptchaSettings {
  const settings = siteCaptchaSettings(site);
  return { enabled: settings.enabled, provider: settings.provider, siteKey: settings.provider === 'pow' ? '' : settings.siteKey };
}
