import type { Website } from '../sites/index.js';
import { siteCaptchaSettings } from './captcha-settings.js';

/** Sources Google's reCAPTCHA (checkbox and Enterprise) needs, by CSP directive. */
export const RECAPTCHA_CSP_SOURCES: Readonly<Record<string, ReadonlyArray<string>>> = Object.freeze({
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
});

/** Adds the reCAPTCHA sources to a Content-Security-Policy header value, keeping everything else. */
export function withRecaptchaSources(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out = directives.map((directive) => {
    const [name = '', ...sources] = directive.split(/\s+/);
    const extra = RECAPTCHA_CSP_SOURCES[name];
    if (!extra) return directive;
    seen.add(name);
    return [name, ...new Set([...sources, ...extra])].join(' ');
  });
  for (const [name, sources] of Object.entries(RECAPTCHA_CSP_SOURCES)) if (!seen.has(name)) out.push([name, ...sources].join(' '));
  return out.join('; ');
}

/**
 * A response's Content-Security-Policy on `site`: `policy` widened for Google's script and
 * frame when the site's captcha provider is reCAPTCHA with a site key, else `policy` itself.
 * The app's security headers apply it to every response on a site (`securityHeaders`'s
 * `sitePolicy`), the lane in front of the app included.
 */
export function sitePolicy(site: Pick<Website, 'settings'>, policy: string): string {
  if (!choosesRecaptcha(site.settings.captcha)) return policy;
  const settings = siteCaptchaSettings(site);
  return settings.provider !== 'pow' && settings.siteKey ? withRecaptchaSources(policy) : policy;
}

/** Whether stored captcha settings name a provider other than proof of work (the default), read without parsing them on every response. */
function choosesRecaptcha(stored: unknown): boolean {
  if (stored === null || typeof stored !== 'object') return false;
  const provider = (stored as { provider?: unknown }).provider;
  return provider !== undefined && provider !== 'pow';
}
