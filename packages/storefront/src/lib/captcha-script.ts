/** The parts of Google's `grecaptcha` global the islands use. */
export interface Grecaptcha {
  render(container: HTMLElement, params: { sitekey: string; size: 'compact' | 'normal'; theme: 'light' | 'dark' }): number;
  getResponse(widgetId?: number): string;
  reset(widgetId?: number): void;
  ready(callback: () => void): void;
  enterprise?: {
    ready(callback: () => void): void;
    execute(siteKey: string, options: { action: string }): Promise<string>;
  };
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Script address of the reCAPTCHA checkbox (explicit rendering) or of Enterprise v3 for a site key. */
export function recaptchaScriptUrl(kind: 'recaptcha' | 'recaptcha-enterprise', siteKey: string): string {
  return kind === 'recaptcha'
    ? 'https://www.google.com/recaptcha/api.js?render=explicit'
    : `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
}

/** Widgets narrower than 320px render compact (spec 5). */
export const COMPACT_BELOW_PX = 320;

/** The checkbox size for a container width. */
export function recaptchaSize(containerWidth: number): 'compact' | 'normal' {
  return containerWidth < COMPACT_BELOW_PX ? 'compact' : 'normal';
}

const loading = new Map<string, Promise<Grecaptcha>>();

/**
 * Adds the reCAPTCHA script once per address and resolves `grecaptcha` when it is ready.
 * Only called when a site has a reCAPTCHA provider configured.
 */
export function loadRecaptcha(kind: 'recaptcha' | 'recaptcha-enterprise', siteKey: string): Promise<Grecaptcha> {
  const url = recaptchaScriptUrl(kind, siteKey);
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading.delete(url);
      reject(new Error('reCAPTCHA script failed to load'));
    };
    script.onload = () => {
      const g = window.grecaptcha;
      if (!g) return reject(new Error('reCAPTCHA script did not define grecaptcha'));
      const ready = kind === 'recaptcha-enterprise' ? g.enterprise?.ready : g.ready;
      if (!ready) return reject(new Error('reCAPTCHA script has no ready()'));
      ready(() => resolve(g));
    };
    document.head.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}
