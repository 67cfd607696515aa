import { partsOf } from '@emporium/forms';
import { FieldError } from './FieldError.js';
import type { FieldViewProps } from './field-props.js';
import { errorId, titleOf } from './field-props.js';
import { useText } from '../../lib/system-texts.js';

/** Multi-part fields: name, address, date, time and phone. */
export function PartsField(props: FieldViewProps) {
  const t = useText();
  const { field, value, error, onChange, idPrefix } = props;
  const id = `${idPrefix}-${field.id}`;
  const parts = partsOf(field.type, field.showCountryCode);
  const list = Array.isArray(value) ? (value as ReadonlyArray<string>) : [];
  const setPart = (index: number, text: string) => {
    const next = parts.map((_, i) => (i === index ? text : (list[i] ?? '')));
    onChange(next);
  };
  return (
    <fieldset className="form-field" data-field-type={field.type} aria-describedby={error ? errorId(props) : undefined} aria-invalid={error ? true : undefined}>
      <FieldError id={errorId(props)} message={error} />
      <legend className="form-field__title">
        {titleOf(field)}
        {field.required && <span className="form-field__required"> {t('(required)')}</span>}
      </legend>
      {field.description && <p className="form-field__description">{field.description}</p>}
      {parts.map((part, i) =>
        part.key === 'ampm' ? (
          <label key={part.key} className="form-field__part" htmlFor={`${id}-${part.key}`}>
            <span className="form-field__part-label">{part.label}</span>
            <select id={`${id}-${part.key}`} value={list[i] ?? ''} onChange={(e) => setPart(i, e.target.value)}>
              <option value="">--</option>
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          </label>
        ) : (
          <label key={part.key} className="form-field__part" htmlFor={`${id}-${part.key}`}>
            <span className="form-field__part-label">{part.label}</span>
            <input
              id={`${id}-${part.key}`}
              type="text"
              inputMode={['date', 'time', 'phone'].includes(field.type) ? 'numeric' : undefined}
              value={list[i] ?? ''}
              onChange={(e) => setPart(i, e.target.value)}
            />
          </label>
        ),
      )}
    </fieldset>
  );
}
