import { useFormContext } from 'react-hook-form';
import { Field } from '../../ui/Field.js';
import type { DetailsInput, DetailsOutput } from './product-model.js';

interface SubscriptionPanelProps {
  readonly headingId: string;
}

const UNITS = [
  ['WEEK', 'Weeks'],
  ['MONTH', 'Months'],
  ['YEAR', 'Years'],
] as const;

/** Whether the product sells as a subscription, and its plan (spec 3 Subscription). */
export function SubscriptionPanel({ headingId }: SubscriptionPanelProps) {
  const { register, watch, formState } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  const errors = formState.errors;
  const subscribable = watch('isSubscribable');
  const planErrors = errors.subscriptionPlan;
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Subscription</h2>
      <Field label="Sell as a subscription" type="checkbox" {...register('isSubscribable')} error={errors.isSubscribable?.message} />
      {subscribable && (
        <fieldset>
          <legend>Plan</legend>
          <div className="field-pair">
            <Field
              label="Bill every"
              inputMode="numeric"
              {...register('subscriptionPlan.billingPeriod.value', { valueAsNumber: true })}
              error={planErrors?.billingPeriod?.value?.message}
            />
            <div className="field">
              <label htmlFor={`${headingId}-unit`}>Period</label>
              <select id={`${headingId}-unit`} {...register('subscriptionPlan.billingPeriod.unit')}>
                {UNITS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field
            label="Number of payments"
            hint="0 renews until the customer cancels."
            inputMode="numeric"
            {...register('subscriptionPlan.numBillingCycles', { valueAsNumber: true })}
            error={planErrors?.numBillingCycles?.message}
          />
          {planErrors?.message && <p className="field-error">{planErrors.message}</p>}
        </fieldset>
      )}
    </section>
  );
}
