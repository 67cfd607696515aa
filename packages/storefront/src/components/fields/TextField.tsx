import { characterCounter } from '@emporium/forms';
import { FieldError } from './FieldError.js';
import type { FieldViewProps } from './field-props.js';
import { errorId, titleOf } from './field-props.js';
import { useText } from '../../lib/system-texts.js';

const INPUT_TYPES: Readonly<Record<string, string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
  currency: 'text',
  twitter: 'text',
  text: 'text',
};

/** Single-value fields: text, textarea, email, number, website, currency, password, twitter. */
export function TextField(props: FieldViewProps) {
  const t = useText();
  const { field, value, error, onChange, idPrefix } = props;
  const id = `${idPrefix}-${field.id}`;
  const text = typeof value === 'string' ? value : '';
  const counter = field.type === 'textarea' && field.maxLength !== undefined ? characterCounter(text, field.maxLength) : null;
  const describedBy =
    [error ? errorId(props) : '', counter ? `${id}-counter` : '', field.description ? `${id}-desc` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.id,
    value: text,
    placeholder: field.placeholder,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="form-field" data-field-type={field.type}>
      <FieldError id={errorId(props)} message={error} />
      <label htmlFor={id} className="form-field__title">
        {titleOf(field)}
        {field.required && <span className="form-field__required"> {t('(required)')}</span>}
      </label>
      {field.description && (
        <p id={`${id}-desc`} className="form-field__description">
          {field.description}
        </p>
      )}
      {field.type === 'currency' && field.currencySymbol && <span className="form-field__currency">{field.currencySymbol}</span>}
      {field.type === 'textarea' ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={INPUT_TYPES[field.type] ?? 'text'} onChange={(e) => onChange(e.target.value)} />
      )}
      {counter && (
        <p id={`${id}-counter`} className={counter.over ? 'form-field__counter form-field__counter--over' : 'form-field__counter'} aria-live="polite">
          {counter.text}
        </p>
      )}
    </div>
  );
}
