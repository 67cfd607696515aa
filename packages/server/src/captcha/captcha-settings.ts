import type { Website } from '../sites/website.js';
import { AppError } from '../errors/index.js';
import type { FormsConfig } from '../config.js';
import type { CaptchaProvider } from './captcha-provider.js';
import { DEFAULT_POW_DIFFICULTY, PowCaptchaProvider } from './pow-provider.js';
import { RecaptchaCheckboxProvider, RecaptchaEnterpriseProvider } from './recaptcha-provider.js';

/** Spec 8 (setup): a reCAPTCHA provider chosen without its keys. */
export const RECAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!';

/** A site's captcha settings (`settings.captcha`, site key in `settings.captchaSiteKey`). */
export interface SiteCaptchaSettings {
  /** Site-wide captcha (restock sign-ups); forms use their own `captchaEnabled`. */
  enabled: boolean;
  provider: 'pow' | 'recaptcha' | 'recaptcha-enterprise';
  difficulty: number;
  siteKey: string;
  secret: string;
  projectId: string;
  apiKey: string;
  minScore: number;
}

const PROVIDERS = new Set(['pow', 'recaptcha', 'recaptcha-enterprise']);

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads a site's captcha settings with defaults: proof of work, difficulty 14, minimum score 0.5. */
export function siteCaptchaSettings(site: Pick<Website, 'settings'>): SiteCaptchaSettings {
  const raw = site.settings.captcha;
  const own = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const provider = PROVIDERS.has(own.provider as string) ? (own.provider as SiteCaptchaSettings['provider']) : 'pow';
  const difficulty = Number.isInteger(own.difficulty) && (own.difficulty as number) >= 1 && (own.difficulty as number) <= 32
    ? (own.difficulty as number)
    : DEFAULT_POW_DIFFICULTY;
  return {
    enabled: own.enabled === true,
    provider,
    difficulty,
    siteKey: str(site.settings.captchaSiteKey),
    secret: str(own.secret),
    projectId: str(own.projectId),
    apiKey: str(own.apiKey),
    minScore: typeof own.minScore === 'number' ? own.minScore : 0.5,
  };
}

const pow = new PowCaptchaProvider();

/** The provider a site uses; proof of work unless a reCAPTCHA kind is configured with its keys. */
export function captchaProviderFor(site: Pick<Website, 'settings'>, config: Pick<FormsConfig, 'recaptchaVerifyUrl' | 'recaptchaEnterpriseUrl'>): CaptchaProvider {
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
