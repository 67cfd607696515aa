import { ColorControl } from './ColorControl.js';
import type { TweakControlProps } from './tweak-control-props.js';
import { ValueControl } from './ValueControl.js';

/** The control of one style setting, by its type. */
export function TweakField(props: TweakControlProps) {
  const { tweak, id, value, error, hint, onChange } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );
  switch (tweak.type) {
    case 'color':
      return <ColorControl {...props} />;
    case 'value':
      return <ValueControl {...props} />;
    case 'checkbox':
      return (
        <div className="field checkbox">
          <label htmlFor={id}>{tweak.label}</label>
          <input
            id={id}
            type="checkbox"
            checked={value === 'true'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(String(event.currentTarget.checked))}
          />
          {notes}
        </div>
      );
    case 'dropdown':
    case 'font': {
      const options = value !== '' && !tweak.options.includes(value) ? [value, ...tweak.options] : tweak.options;
      return (
        <div className="field">
          <label htmlFor={id}>{tweak.label}</label>
          <select
            id={id}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.currentTarget.value)}
          >
            {value === '' && <option value="">Choose…</option>}
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
                {option === tweak.default ? ' (default)' : ''}
              </option>
            ))}
          </select>
          {notes}
        </div>
      );
    }
  }
}
