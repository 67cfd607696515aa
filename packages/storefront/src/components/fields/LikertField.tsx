import { LIKERT_LABELS } from '@emporium/forms';
import type { FieldViewProps } from './field-props.js';
import { titleOf } from './field-props.js';

/** A likert field: one row of five answers (-2..2) per question. Never required. */
export function LikertField({ field, value, onChange, idPrefix }: FieldViewProps) {
  const id = `${idPrefix}-${field.id}`;
  const answers = value && typeof value === 'object' && !Array.isArray(value) ? (value as Readonly<Record<string, string>>) : {};
  return (
    <fieldset className="form-field" data-field-type="likert">
      <legend className="form-field__title">{titleOf(field)}</legend>
      {field.description && <p className="form-field__description">{field.description}</p>}
      {(field.options ?? []).map((question, q) => (
        <fieldset key={question} className="form-field__likert-question">
          <legend>{field.optionLabels?.[q] ?? question}</legend>
          {LIKERT_LABELS.map(({ value: answer, label }) => (
            <label key={answer} htmlFor={`${id}-${q}-${answer}`} className="form-field__option">
              <input
                id={`${id}-${q}-${answer}`}
                type="radio"
                name={`${field.id}-${q}`}
                value={String(answer)}
                checked={answers[question] === String(answer)}
                onChange={() => onChange({ ...answers, [question]: String(answer) })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
