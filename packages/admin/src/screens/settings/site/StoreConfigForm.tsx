import { zodResolver } from '@hookform/resolvers/zod';
import { StoreConfigBody } from '@emporium/server/site-settings/schemas';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { ApiError } from '../../../api/http.js';
import { setData } from '../../../api/query-cache.js';
import { useQuery } from '../../../api/use-query.js';
import { ErrorText } from '../../../ui/ErrorText.js';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { useLeaveGuard } from './leave-guard.js';
import {
  type Choices,
  SiteSettingsPaths,
  SiteSettingsTexts,
  type SiteSettingsView,
  type StoreConfigView,
  saveStoreConfig,
  type InputOf,
  type OutputOf,
} from './site-settings-calls.js';

type StoreConfigInput = InputOf<typeof StoreConfigBody>;
type StoreConfigOutput = OutputOf<typeof StoreConfigBody>;

interface StoreConfigFormProps {
  readonly current: StoreConfigView;
  readonly settings: SiteSettingsView;
}

const valuesOf = (view: StoreConfigView): StoreConfigInput => ({
  timeZone: view.timeZone,
  locale: view.locale,
  currency: view.currency,
  confirmCurrencyChange: false,
});

/** Time zone, locale and currency: store configuration, in effect as soon as it is saved. */
export function StoreConfigForm({ current, settings }: StoreConfigFormProps) {
  const choices = useQuery<Choices>(SiteSettingsPaths.CHOICES);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<StoreConfigInput, unknown, StoreConfigOutput>({
    resolver: zodResolver(StoreConfigBody),
    defaultValues: valuesOf(current),
  });
  const { errors } = formState;
  const currencyChanged = watch('currency') !== current.currency;

  const persist = async (values: StoreConfigOutput): Promise<boolean> => {
    setNotice('');
    setFailure(null);
    try {
      const saved = await saveStoreConfig(values);
      setData(SiteSettingsPaths.SETTINGS, { ...settings, store: saved });
      reset(valuesOf(saved));
      setNotice('Time zone, locale and currency saved. They apply to your site now.');
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      if (fields.length === 0) setFailure(error);
      for (const [path, message] of fields) setError(path as FieldPath<StoreConfigInput>, { message });
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
  useLeaveGuard('store', { name: 'Time zone, locale and currency', dirty: formState.isDirty, save: saveNow, discard: () => reset(valuesOf(current)) });

  const zones = choices.data?.timeZones ?? [current.timeZone];
  const currencies = choices.data?.currencies ?? [current.currency];
  return (
    <form className="stack site-settings-form" onSubmit={(event) => void handleSubmit(persist)(event)} noValidate aria-labelledby="site-store-heading">
      <h3 id="site-store-heading">Time zone, locale and currency</h3>
      <p className="hint">Store configuration: saved changes apply at once, without publishing.</p>
      {choices.status === 'error' && (
        <p role="alert" className="error">
          {SiteSettingsTexts.TIME_ZONES_FAILED}
        </p>
      )}
      <Select label="Time zone" {...register('timeZone')} options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))} />
      {errors.timeZone?.message && <p className="field-error">{errors.timeZone.message}</p>}
      <Field
        label="Locale"
        hint="How dates and prices are written, as a language tag such as en-US, en-GB, fr-FR or de."
        autoComplete="off"
        maxLength={35}
        {...register('locale')}
        error={errors.locale?.message}
      />
      <Select
        label="Currency"
        {...register('currency')}
        disabled={current.hasOrders}
        options={currencies.map((code) => ({ value: code, label: code }))}
        aria-describedby={current.hasOrders ? 'site-currency-locked' : undefined}
      />
      {current.hasOrders && (
        <p className="hint" id="site-currency-locked">
          Your store has taken orders, so its currency stays {current.currency}: order history, refunds and reports are kept in the currency they were paid in.
        </p>
      )}
      {errors.currency?.message && (
        <p className="field-error" role="alert">
          {errors.currency.message}
        </p>
      )}
      {currencyChanged && current.productCount > 0 && (
        <Field
          label={`Change the currency of ${current.productCount} ${current.productCount === 1 ? 'product' : 'products'}: their prices keep their amounts and are not converted`}
          type="checkbox"
          {...register('confirmCurrencyChange')}
        />
      )}
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save time zone, locale and currency'}
        </button>
      </div>
    </form>
  );
}
