import { eq, sql } from 'drizzle-orm';
import { captchaIsSetUp, sealCaptchaSecret, siteCaptchaSettings, type CaptchaSecretField } from '../captcha/index.js';
import { websites, type DbOrTx } from '../db/index.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import { SiteSettingsMessages as M } from './messages.js';
import type { CaptchaKeysBody } from './schemas.js';

/** The captcha settings as owners see them: whether each secret is stored, never the secret. */
export interface CaptchaKeysView {
  enabled: boolean;
  provider: CaptchaKeysBody['provider'];
  siteKey: string;
  projectId: string;
  minScore: number;
  secretSet: boolean;
  apiKeySet: boolean;
  ready: boolean;
}

/** A site's captcha settings for the dashboard. */
export function captchaKeysView(site: Pick<Website, 'settings'>): CaptchaKeysView {
  const settings = siteCaptchaSettings(site);
  return {
    enabled: settings.enabled,
    provider: settings.provider,
    siteKey: settings.siteKey,
    projectId: settings.projectId,
    minScore: settings.minScore,
    secretSet: settings.secret !== null,
    apiKeySet: settings.apiKey !== null,
    ready: captchaIsSetUp(settings),
  };
}

function refuse(field: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { body: { fields: { [field]: message } } });
}

/**
 * Saves the captcha choice and keys at once. Secrets are sealed with `key` (read by the caller whenever the body carries a secret; bound to the site and
 * field) and stored as `settings.captcha.{secret|apiKey}Sealed`; a secret left out keeps the
 * stored one, an empty one removes it; plain secrets of older settings are dropped when replaced.
 * A reCAPTCHA kind is refused without the keys it needs, so a site never ends up asking visitors
 * for a captcha it cannot check ('ReCaptcha has not been set up!').
 */
export async function writeCaptchaKeys(
  tx: DbOrTx,
  site: Pick<Website, 'id' | 'settings'>,
  body: CaptchaKeysBody,
  key: Buffer | undefined,
): Promise<CaptchaKeysView> {
  const stored = { ...((site.settings.captcha as Record<string, unknown> | undefined) ?? {}) };
  const sealed = (field: CaptchaSecretField, value: string | undefined) => {
    if (value === undefined) return;
    delete stored[field];
    if (value === '') delete stored[`${field}Sealed`];
    else if (key) stored[`${field}Sealed`] = sealCaptchaSecret(key, site.id, field, value);
  };
  sealed('secret', body.secret);
  sealed('apiKey', body.apiKey);
  Object.assign(stored, { enabled: body.enabled, provider: body.provider, minScore: body.minScore });
  if (body.projectId) stored.projectId = body.projectId;
  else delete stored.projectId;
  const next = { ...site.settings, captcha: stored, captchaSiteKey: body.siteKey };
  const view = captchaKeysView({ settings: next });
  if (body.provider !== 'pow' && !body.siteKey) refuse('siteKey', M.KEYS_NEED_SITE_KEY);
  if (body.provider === 'recaptcha' && !view.secretSet) refuse('secret', M.KEYS_NEED_SECRET);
  if (body.provider === 'recaptcha-enterprise' && (!body.projectId || !view.apiKeySet)) refuse(body.projectId ? 'apiKey' : 'projectId', M.KEYS_NEED_PROJECT);
  await tx
    .update(websites)
    .set({
      settings: sql`${websites.settings} || jsonb_build_object('captcha', ${JSON.stringify(stored)}::jsonb, 'captchaSiteKey', ${body.siteKey}::text)`,
      updatedAt: new Date(),
    })
    .where(eq(websites.id, site.id));
  return view;
}
