import type { TweakControlProps } from './tweak-control-props.js';

/** The number of a value such as `17px`: the value less its unit. */
export function numberPart(value: string, unit: string): string {
  const text = value.trim();
  return unit !== '' && text.toLowerCase().endsWith(unit.toLowerCase()) ? text.slice(0, -unit.length) : text;
}

/** A number setting: a slider (when the theme gives a range) and a number field, with the setting's unit. */
export function ValueControl({ tweak, id, value, error, hint, onChange }: TweakControlProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const unitId = `${id}-unit`;
  const describedBy = [tweak.unit ? unitId : '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const unit = tweak.unit ?? '';
  const number = numberPart(value, unit);
  const set = (next: string) => onChange(next.trim() === '' ? '' : `${next}${unit}`);
  const ranged = tweak.min !== undefined && tweak.max !== undefined;
  return (
    <div className="field tweak-value">
      <label htmlFor={id}>{tweak.label}</label>
      <div className="value-pair">
        {ranged && (
          <input
            type="range"
            aria-label={`${tweak.label}: slider`}
            min={tweak.min}
            max={tweak.max}
            step={tweak.step ?? 'any'}
            value={number === '' ? String(tweak.min) : number}
            onChange={(event) => set(event.currentTarget.value)}
          />
        )}
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={tweak.min}
          max={tweak.max}
          step={tweak.step ?? 'any'}
          value={number}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => set(event.currentTarget.value)}
        />
        {unit && (
          <span className="unit" id={unitId}>
            {unit}
          </span>
        )}
      </div>
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
    </div>
  );
}
