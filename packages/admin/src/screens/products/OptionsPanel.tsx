import { useFieldArray, useFormContext } from 'react-hook-form';
import { Field } from '../../ui/Field.js';
import { ListField } from './ListField.js';
import type { DetailsInput, DetailsOutput } from './product-model.js';

interface OptionsPanelProps {
  readonly headingId: string;
  /** Makes the variant matrix from the options. */
  readonly onGenerate: () => void;
  /** What the last matrix made, announced politely. */
  readonly note: string;
}

/** Most options of one product. */
const MAX_OPTIONS = 6;

/** The product's options (Colour, Size…); each combination of their values is a variant. */
export function OptionsPanel({ headingId, onGenerate, note }: OptionsPanelProps) {
  const { register, control, formState } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  const optionsArray = useFieldArray({ control, name: 'options' });
  const errors = formState.errors;
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Options</h2>
      <p className="hint">Options such as Colour or Size; each combination of their values is a variant.</p>
      {optionsArray.fields.map((option, i) => (
        <fieldset key={option.id} className="option-row">
          <legend>Option {i + 1}</legend>
          <Field label={`Name of option ${i + 1}`} maxLength={60} {...register(`options.${i}.name`)} error={errors.options?.[i]?.name?.message} />
          <ListField control={control} name={`options.${i}.values`} label={`Values of option ${i + 1}`} hint="Separate values with commas, e.g. Red, Blue." />
          <button type="button" className="secondary" onClick={() => optionsArray.remove(i)}>
            Remove option {i + 1}
          </button>
        </fieldset>
      ))}
      {errors.options?.message && <p className="field-error">{errors.options.message}</p>}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={optionsArray.fields.length >= MAX_OPTIONS}
          onClick={() => optionsArray.append({ name: '', values: [] })}
        >
          Add option
        </button>
        <button type="button" className="secondary" onClick={onGenerate}>
          Make variants from the options
        </button>
      </div>
      <p role="status" className="hint">
        {note}
      </p>
    </section>
  );
}
