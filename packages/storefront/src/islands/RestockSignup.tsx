import { FormMessages, buildRestockPayload, restockErrorMessage, validateRestockEmail } from '@emporium/forms';
import { useEffect, useId, useState } from 'react';
import { ApiError, browserHttpContext } from '../api/http.js';
import { signUpForRestock } from '../api/forms-api.js';
import { CaptchaError, useCaptcha } from '../components/Captcha.js';
import type { VariantChangeDetail } from '../lib/variant-event.js';
import { VARIANT_CHANGE_EVENT } from '../lib/variant-event.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link RestockSignup}. */
export interface RestockSignupProps {
  readonly productId: string;
  readonly variantId: string;
  /** Show the mailing-list checkbox. */
  readonly mailingListSignUpEnabled?: boolean;
  /** The checkbox starts checked. */
  readonly mailingListOptInByDefault?: boolean;
  /** Owner text shown after signing up (default 'Signed up!'). */
  readonly successText?: string;
  readonly headline?: string;
}

/**
 * Back-in-stock sign-up box: email, optional mailing-list opt-in, captcha when the site enables
 * it; replaced by the success text, or shows the error and resets the captcha.
 */
export function RestockSignup(props: RestockSignupProps) {
  const { productId, mailingListSignUpEnabled = false, mailingListOptInByDefault = false } = props;
  const id = useId();
  const t = useText();
  const [variantId, setVariantId] = useState(props.variantId);
  const [email, setEmail] = useState('');
  const [join, setJoin] = useState(mailingListOptInByDefault);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const captcha = useCaptcha({ needed: 'site', action: 'product_waitlist' });

  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<VariantChangeDetail>).detail;
      if (detail.itemId === productId && detail.variantId) setVariantId(detail.variantId);
    };
    window.addEventListener(VARIANT_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
  }, [productId]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateRestockEmail(email);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    let enterprise = false;
    try {
      const solved = await captcha.token();
      enterprise = solved?.provider === 'recaptcha-enterprise';
      const tokens = enterprise ? { enterpriseToken: solved!.token } : { captchaToken: solved?.token };
      await signUpForRestock(
        browserHttpContext(),
        buildRestockPayload({ email, productId, variantId, joinMailingList: mailingListSignUpEnabled && join, ...tokens }),
      );
      setDone(true);
    } catch (err) {
      setError(err instanceof CaptchaError ? err.message : restockErrorMessage(err instanceof ApiError ? err.message : null, enterprise));
      captcha.reset();
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="restock-signup restock-signup--done" role="status">
        {props.successText ?? t(FormMessages.RESTOCK_SIGNED_UP)}
      </div>
    );
  }
  return (
    <form className="restock-signup" noValidate onSubmit={submit}>
      {props.headline && <p className="restock-signup__headline">{props.headline}</p>}
      <label htmlFor={`${id}-email`}>{t('Email Address')}</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      {mailingListSignUpEnabled && (
        <label htmlFor={`${id}-join`} className="restock-signup__join">
          <input id={`${id}-join`} type="checkbox" checked={join} onChange={(e) => setJoin(e.target.checked)} />
          {t('Sign up for news and updates')}
        </label>
      )}
      {captcha.widget}
      <button type="submit" disabled={busy}>
        {t('Sign Up')}
      </button>
      <p id={`${id}-error`} className="restock-signup__error" role="alert">
        {error ? t(error) : ''}
      </p>
    </form>
  );
}
