import type { Website } from '../sites/index.js';
import { AppError } from '../errors/index.js';
import type { FormsConfig } from '../config.js';
import { seal, unseal } from '../sealing/index.js';
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
  /** The checkbox secret, sealed (or, as sites stored it before sealing, plain). */
  secret: StoredSecret;
  projectId: string;
  /** The Enterprise API key, sealed (or plain, as stored before sealing). */
  apiKey: StoredSecret;
  minScore: number;
}

/** A stored captcha secret: sealed by {@link sealCaptchaSecret}, plain as older settings kept it, or none. */
export type StoredSecret = { readonly sealed: string } | { readonly plain: string } | null;

/** The captcha secrets a site may store. */
export type CaptchaSecretField = 'secret' | 'apiKey';

const secretContext = (websiteId: string, field: CaptchaSecretField) => `${websiteId}:captcha:${field}`;

/** Seals a captcha secret of a site, bound to the site and field (stored as `settings.captcha.{field}Sealed`). */
export function sealCaptchaSecret(key: Buffer, websiteId: string, field: CaptchaSecretField, value: string): string {
  return seal(key, value, secretContext(websiteId, field));
}

async function openSecret(stored: StoredSecret, sealingKey: () => Promise<Buffer>, websiteId: string, field: CaptchaSecretField): Promise<string> {
  if (stored === null) return '';
  if ('plain' in stored) return stored.plain;
  return unseal(await sealingKey(), stored.sealed, secretContext(websiteId, field));
}

function storedSecret(sealed: string | undefined, plain: string | undefined): StoredSecret {
  if (sealed) return { sealed };
  return plain ? { plain } : null;
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
    secret: storedSecret(own.secretSealed, own.secret),
    projectId: own.projectId ?? '',
    apiKey: storedSecret(own.apiKeySealed, own.apiKey),
    minScore: own.minScore ?? 0.5,
  };
}

const pow = new PowCaptchaProvider();

/**
 * The provider a site uses; proof of work unless a reCAPTCHA kind is configured with its keys
 * (opened with `sealingKey` only then). A reCAPTCHA kind without its keys is refused with spec
 * 8's 'ReCaptcha has not been set up!' (503).
 */
export async function captchaProviderFor(
  site: Pick<Website, 'id' | 'settings'>,
  config: Pick<FormsConfig, 'recaptchaVerifyUrl' | 'recaptchaEnterpriseUrl'>,
  sealingKey: () => Promise<Buffer>,
): Promise<CaptchaProvider> {
  const settings = siteCaptchaSettings(site);
  if (settings.provider === 'pow') return pow;
  if (settings.provider === 'recaptcha') {
    if (!settings.secret) throw new AppError('UNAVAILABLE', RECAPTCHA_NOT_SET_UP);
    const secret = await openSecret(settings.secret, sealingKey, site.id, 'secret');
    return new RecaptchaCheckboxProvider({ verifyUrl: config.recaptchaVerifyUrl, secret, minScore: settings.minScore });
  }
  if (!settings.projectId || !settings.apiKey || !settings.siteKey) throw new AppError('UNAVAILABLE', RECAPTCHA_NOT_SET_UP);
  return new RecaptchaEnterpriseProvider({
    assessmentUrl: config.recaptchaEnterpriseUrl,
    projectId: settings.projectId,
    apiKey: await openSecret(settings.apiKey, sealingKey, site.id, 'apiKey'),
    siteKey: settings.siteKey,
    minScore: settings.minScore,
  });
}

/** Whether a site's chosen captcha can check tokens: proof of work always, reCAPTCHA once its keys are stored. */
export function captchaIsSetUp(settings: SiteCaptchaSettings): boolean {
  if (settings.provider === 'pow') return true;
  if (settings.provider === 'recaptcha') return settings.secret !== null && settings.siteKey !== '';
  return settings.projectId !== '' && settings.apiKey !== null && settings.siteKey !== '';
}

/** The public part of a site's captcha settings. */
export function publicCaptchaSettings(site: Pick<Website, 'settings'>): PublicCaptchaSettings {
  const settings = siteCaptchaSettings(site);
  return { enabled: settings.enabled, provider: settings.provider, siteKey: settings.provider === 'pow' ? '' : settings.siteKey };
}
