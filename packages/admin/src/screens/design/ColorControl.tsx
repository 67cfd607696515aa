import type { TweakControlProps } from './tweak-control-props.js';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;
/** A colour no owner types, to tell an unreadable colour from black. */
const SENTINEL = '#010203';

/** `#rrggbb` of a CSS colour when the browser reads it as an opaque colour, for the colour picker. */
export function hexOf(color: string): string | undefined {
  const text = color.trim();
  if (HEX6.test(text)) return text.toLowerCase();
  if (HEX3.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  const context = document.createElement('canvas').getContext('2d');
  if (!context || text === '') return undefined;
  context.fillStyle = SENTINEL;
  context.fillStyle = text;
  const read = String(context.fillStyle);
  return HEX6.test(read) && (read !== SENTINEL || text.toLowerCase() === SENTINEL) ? read : undefined;
}

/** A colour setting: the browser's colour picker beside a text field for any CSS colour. */
export function ColorControl({ tweak, id, value, error, hint, onChange }: TweakControlProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const swatch = hexOf(value) ?? hexOf(tweak.default ?? '') ?? '#000000';
  return (
    <div className="field tweak-color">
      <label htmlFor={id}>{tweak.label}</label>
      <div className="color-pair">
        <input type="color" aria-label={`${tweak.label}: colour picker`} value={swatch} onChange={(event) => onChange(event.currentTarget.value)} />
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
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
