import { FieldError } from './FieldError.js';
import type { FieldViewProps } from './field-props.js';
import { errorId, titleOf } from './field-props.js';
import { useText } from '../../lib/system-texts.js';

/** Radio, checkbox and select fields. */
export function ChoiceField(props: FieldViewProps) {
  const t = useText();
  const { field, value, error, onChange, idPrefix } = props;
  const id = `${idPrefix}-${field.id}`;
  const options = field.options ?? [];
  if (field.type === 'select') {
    return (
      <div className="form-field" data-field-type="select">
        <FieldError id={errorId(props)} message={error} />
        <label htmlFor={id} className="form-field__title">
          {titleOf(field)}
          {field.required && <span className="form-field__required"> {t('(required)')}</span>}
        </label>
        <select
          id={id}
          name={field.id}
          value={typeof value === 'string' ? value : ''}
          aria-required={field.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(props) : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('Select an option')}</option>
          {options.map((o, i) => (
            <option key={o} value={o}>
              {field.optionLabels?.[i] ?? o}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const checked = Array.isArray(value) ? (value as ReadonlyArray<string>) : typeof value === 'string' && value ? [value] : [];
  const toggle = (option: string, on: boolean) => {
    if (field.type === 'radio') return onChange(option);
    onChange(on ? [...checked.filter((c) => c !== option), option] : checked.filter((c) => c !== option));
  };
  return (
    <fieldset className="form-field" data-field-type={field.type} aria-describedby={error ? errorId(props) : undefined} aria-invalid={error ? true : undefined}>
      <FieldError id={errorId(props)} message={error} />
      <legend className="form-field__title">
        {titleOf(field)}
        {field.required && <span className="form-field__required"> {t('(required)')}</span>}
      </legend>
      {field.description && <p className="form-field__description">{field.description}</p>}
      {options.map((o, i) => (
        <label key={o} className="form-field__option" htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type={field.type === 'radio' ? 'radio' : 'checkbox'}
            name={field.id}
            value={o}
            checked={checked.includes(o)}
            onChange={(e) => toggle(o, e.target.checked)}
          />
          {field.optionLabels?.[i] ?? o}
        </label>
      ))}
    </fieldset>
  );
}
