import { Controller, useFormContext } from 'react-hook-form';
import { Field } from '../../ui/Field.js';
import { isoOfLocalInput, localInputOf, type DetailsInput, type DetailsOutput } from './product-model.js';

interface VisibilityPanelProps {
  readonly headingId: string;
}

const CHOICES = [
  ['draft', 'Draft (hidden)'],
  ['scheduled', 'Scheduled'],
  ['published', 'Published'],
] as const;

/** Who can see the product: draft, scheduled (with the time it appears) or published. */
export function VisibilityPanel({ headingId }: VisibilityPanelProps) {
  const { register, watch, control } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Visibility</h2>
      <fieldset className="segmented">
        <legend>Who can see it</legend>
        {CHOICES.map(([value, label]) => (
          <label key={value}>
            <input type="radio" value={value} {...register('visibility')} />
            {label}
          </label>
        ))}
      </fieldset>
      {watch('visibility') === 'scheduled' && (
        <Controller
          control={control}
          name="publishOn"
          render={({ field, fieldState }) => (
            <Field
              label="Publish on"
              type="datetime-local"
              hint="The product appears on the storefront at this time."
              value={localInputOf(field.value)}
              onChange={(e) => field.onChange(isoOfLocalInput(e.currentTarget.value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </section>
  );
}
