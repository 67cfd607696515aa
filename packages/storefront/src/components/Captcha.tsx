import { FormMessages } from '@emporium/forms';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaProviderKind, CaptchaSettings } from '../api/captcha-api.js';
import type { Grecaptcha } from '../lib/captcha-script.js';

type CaptchaEngine = typeof import('./captcha-engine.js');
let enginePromise: Promise<CaptchaEngine> | null = null;

/** The captcha's working parts, loaded the first time a form needs a captcha (never for a form without one). */
function captchaEngine(): Promise<CaptchaEngine> {
  enginePromise ??= import('./captcha-engine.js');
  return enginePromise;
}

/** Where the captcha is solved; sent to reCAPTCHA Enterprise as the action. */
export type CaptchaAction = 'form_block' | 'newsletter_block' | 'product_waitlist' | 'promo_popup';

/** A visitor-facing captcha failure: 'Complete CAPTCHA before submitting.' or 'reCAPTCHA failed. Refresh this page and try again.' */
export class CaptchaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptchaError';
  }
}

/** A solved captcha, ready to send. */
export interface CaptchaToken {
  readonly provider: CaptchaProviderKind;
  readonly token: string;
}

/** Options of {@link useCaptcha}. */
export interface CaptchaOptions {
  /** true: always (a form with captchaEnabled); 'site': when the site enables captcha (restock); false: never. */
  readonly needed: boolean | 'site';
  readonly action: CaptchaAction;
  readonly theme?: 'light' | 'dark';
}

/** What {@link useCaptcha} gives its form. */
export interface Captcha {
  /** The reCAPTCHA checkbox container, or null when no widget is shown. */
  readonly widget: ReactNode;
  /** Solves (proof of work), reads (checkbox) or runs (Enterprise v3) the captcha; null when none is needed. Throws {@link CaptchaError}. */
  token(): Promise<CaptchaToken | null>;
  /** Clears the checkbox after a failed submission. */
  reset(): void;
}

const POW_FALLBACK: CaptchaSettings = { enabled: false, provider: 'pow', siteKey: '' };

/**
 * Captcha for a public form or the restock box. Proof of work (the default) fetches a challenge
 * and solves it in chunks at submit time; reCAPTCHA scripts load only when the site configures
 * them with a site key; the checkbox renders compact in containers narrower than 320px.
 */
export function useCaptcha({ needed, action, theme = 'light' }: CaptchaOptions): Captcha {
  const [settings, setSettings] = useState<CaptchaSettings | null>(null);
  const settingsRef = useRef<Promise<CaptchaSettings> | null>(null);
  const scriptRef = useRef<Promise<Grecaptcha> | null>(null);
  const widgetRef = useRef<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  const loadSettings = useCallback((): Promise<CaptchaSettings> => {
    settingsRef.current ??= captchaEngine()
      .then((engine) => engine.captchaSettings())
      .catch(() => POW_FALLBACK);
    return settingsRef.current;
  }, []);

  useEffect(() => {
    if (needed === false) return;
    let live = true;
    void loadSettings().then((s) => live && setSettings(s));
    return () => {
      live = false;
      abortRef.current?.abort();
    };
  }, [needed, loadSettings]);

  const active = settings !== null && (needed === true || (needed === 'site' && settings.enabled));
  const recaptchaKind = active && settings.provider !== 'pow' && settings.siteKey ? settings.provider : null;

  useEffect(() => {
    if (!recaptchaKind || !settings) return;
    const loaded = captchaEngine().then((engine) => ({ engine, g: engine.loadRecaptcha(recaptchaKind, settings.siteKey) }));
    scriptRef.current = loaded.then(({ g }) => g);
    loaded
      .then(async ({ engine, g: script }) => {
        const g = await script;
        const container = containerRef.current;
        if (recaptchaKind !== 'recaptcha' || !container || widgetRef.current !== null) return;
        widgetRef.current = g.render(container, { sitekey: settings.siteKey, size: engine.recaptchaSize(container.clientWidth), theme });
      })
      .catch(() => undefined);
  }, [recaptchaKind, settings, theme]);

  const token = useCallback(async (): Promise<CaptchaToken | null> => {
    if (needed === false) return null;
    const s = await loadSettings();
    if (needed === 'site' && !s.enabled) return null;
    if (s.provider === 'pow' || !s.siteKey) {
      abortRef.current = new AbortController();
      try {
        const engine = await captchaEngine();
        return { provider: 'pow', token: await engine.solvePow(abortRef.current.signal) };
      } catch {
        throw new CaptchaError(FormMessages.RECAPTCHA_FAILED);
      }
    }
    const provider = s.provider;
    let g: Grecaptcha;
    try {
      g = await (scriptRef.current ?? captchaEngine().then((engine) => engine.loadRecaptcha(provider, s.siteKey)));
    } catch {
      throw new CaptchaError(FormMessages.RECAPTCHA_FAILED);
    }
    if (s.provider === 'recaptcha') {
      const response = widgetRef.current === null ? '' : g.getResponse(widgetRef.current);
      if (!response) throw new CaptchaError(FormMessages.CAPTCHA_REQUIRED);
      return { provider: 'recaptcha', token: response };
    }
    try {
      return { provider: 'recaptcha-enterprise', token: await g.enterprise!.execute(s.siteKey, { action }) };
    } catch {
      throw new CaptchaError(FormMessages.RECAPTCHA_FAILED);
    }
  }, [needed, action, loadSettings]);

  const reset = useCallback(() => {
    if (widgetRef.current === null || !scriptRef.current) return;
    const id = widgetRef.current;
    void scriptRef.current.then((g) => g.reset(id)).catch(() => undefined);
  }, []);

  const widget = recaptchaKind === 'recaptcha' ? <div ref={containerRef} className="captcha-container" data-captcha-provider="recaptcha" /> : null;
  return { widget, token, reset };
}
