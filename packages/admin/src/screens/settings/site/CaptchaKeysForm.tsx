import { zodResolver } from '@hookform/resolvers/zod';
import { CAPTCHA_KINDS, CaptchaKeysBody } from '@emporium/server/site-settings/schemas';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { ApiError } from '../../../api/http.js';
import { setData } from '../../../api/query-cache.js';
import { ErrorText } from '../../../ui/ErrorText.js';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { useLeaveGuard } from './leave-guard.js';
import {
  type CaptchaKeysView,
  SiteSettingsPaths,
  SiteSettingsTexts,
  type SiteSettingsView,
  saveCaptchaKeys,
  type InputOf,
  type OutputOf,
} from './site-settings-calls.js';

type CaptchaInput = InputOf<typeof CaptchaKeysBody>;
type CaptchaOutput = OutputOf<typeof CaptchaKeysBody>;

const KIND_LABELS: Readonly<Record<(typeof CAPTCHA_KINDS)[number], string>> = {
  pow: 'Built-in check (no third party)',
  recaptcha: 'Google reCAPTCHA checkbox',
  'recaptcha-enterprise': 'Google reCAPTCHA Enterprise',
};

const valuesOf = (view: CaptchaKeysView): CaptchaInput => ({
  enabled: view.enabled,
  provider: view.provider,
  siteKey: view.siteKey,
  projectId: view.projectId,
  minScore: view.minScore,
  secret: '',
  apiKey: '',
});

/** The secrets as the call takes them: an untouched (empty) secret field keeps the stored secret. */
function bodyOf(values: CaptchaOutput): CaptchaOutput {
  const { secret, apiKey, ...rest } = values;
  return { ...rest, ...(secret ? { secret } : {}), ...(apiKey ? { apiKey } : {}) };
}

/** The captcha forms and restock sign-ups ask for, and its keys; secrets are write-only. */
export function CaptchaKeysForm({ current, settings }: { readonly current: CaptchaKeysView; readonly settings: SiteSettingsView }) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<CaptchaInput, unknown, CaptchaOutput>({
    resolver: zodResolver(CaptchaKeysBody),
    defaultValues: valuesOf(current),
  });
  const { errors } = formState;
  const provider = watch('provider');

  const persist = async (values: CaptchaOutput): Promise<boolean> => {
    setNotice('');
    setFailure(null);
    try {
      const saved = await saveCaptchaKeys(bodyOf(values));
      setData(SiteSettingsPaths.SETTINGS, { ...settings, captcha: saved });
      reset(valuesOf(saved));
      setNotice('Captcha saved. It applies to your forms now.');
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      if (fields.length === 0) setFailure(error);
      for (const [path, message] of fields) setError(path as FieldPath<CaptchaInput>, { message });
      return false;
    }
  };
  const saveNow = () =>
    new Promise<boolean>(
      (resolve) =>
        void handleSubmit(
          async (values) => resolve(await persist(values)),
          () => resolve(false),
        )(),
    );
  useLeaveGuard('captcha', { name: 'Captcha', dirty: formState.isDirty, save: saveNow, discard: () => reset(valuesOf(current)) });

  return (
    <form className="stack site-settings-form" onSubmit={(event) => void handleSubmit(persist)(event)} noValidate aria-labelledby="site-captcha-heading">
      <h3 id="site-captcha-heading">Captcha</h3>
      <p className="hint">Forms with a captcha and, when turned on, restock sign-ups ask visitors to pass it. Saved changes apply at once.</p>
      {!current.ready && (
        <p role="alert" className="error">
          {SiteSettingsTexts.RECAPTCHA_NOT_SET_UP} Forms that ask for a captcha cannot be sent until its keys are saved.
        </p>
      )}
      <Select label="Captcha" {...register('provider')} options={CAPTCHA_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))} />
      <Field label="Ask for the captcha on restock sign-ups" type="checkbox" {...register('enabled')} />
      {provider !== 'pow' && (
        <>
          <Field label="Site key" autoComplete="off" maxLength={200} {...register('siteKey')} error={errors.siteKey?.message} />
          {provider === 'recaptcha' ? (
            <Field
              label="Secret key"
              type="password"
              autoComplete="new-password"
              maxLength={500}
              hint={
                current.secretSet
                  ? 'A secret key is saved. Leave this empty to keep it; it is never shown again.'
                  : 'No secret key is saved yet. It is stored sealed.'
              }
              {...register('secret')}
              error={errors.secret?.message}
            />
          ) : (
            <>
              <Field label="Google Cloud project id" autoComplete="off" maxLength={200} {...register('projectId')} error={errors.projectId?.message} />
              <Field
                label="API key"
                type="password"
                autoComplete="new-password"
                maxLength={500}
                hint={
                  current.apiKeySet
                    ? 'An API key is saved. Leave this empty to keep it; it is never shown again.'
                    : 'No API key is saved yet. It is stored sealed.'
                }
                {...register('apiKey')}
                error={errors.apiKey?.message}
              />
            </>
          )}
          <Field
            label="Lowest accepted score"
            hint="From 0 to 1; answers scored lower are refused."
            type="number"
            min={0}
            max={1}
            step={0.1}
            {...register('minScore', { valueAsNumber: true })}
            error={errors.minScore?.message}
          />
        </>
      )}
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save captcha'}
        </button>
      </div>
    </form>
  );
}
