import type { ChosenOptions, ProductContent, ProductOption } from '@emporium/commerce';
import { optionValueState } from '@emporium/commerce';
import { useText } from '../lib/system-texts.js';

/** Props of {@link VariantSelector}. */
interface VariantSelectorProps {
  readonly product: ProductContent;
  readonly option: ProductOption;
  /** The option's name as shown (translated); `option.name` when not given. */
  readonly label?: string;
  readonly chosen: ChosenOptions;
  readonly style: 'dropdown' | 'radio';
  readonly idPrefix: string;
  readonly onChoose: (option: string, value: string) => void;
}

const SUFFIX = { available: '', 'sold-out': '(Sold Out)', nonexistent: '(Unavailable)' } as const;

/** One option's picker (dropdown or radios); combinations that are sold out or missing are marked. */
export function VariantSelector({ product, option, label = option.name, chosen, style, idPrefix, onChoose }: VariantSelectorProps) {
  const t = useText();
  const suffix = (state: keyof typeof SUFFIX) => (state === 'available' ? '' : ` ${t(SUFFIX[state])}`);
  const id = `${idPrefix}-option-${option.name.replace(/\W+/g, '-')}`;
  const states = option.values.map((value) => ({ value, state: optionValueState(product, chosen, option.name, value) }));
  if (style === 'dropdown') {
    return (
      <div className="variant-option" data-option={option.name}>
        <label htmlFor={id} className="variant-option__label">
          {label}
        </label>
        <select id={id} value={chosen[option.name] ?? ''} onChange={(e) => onChoose(option.name, e.target.value)}>
          <option value="">{t(`Select ${label}`)}</option>
          {states.map(({ value, state }) => (
            <option key={value} value={value} data-state={state}>
              {value + suffix(state)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="variant-option" data-option={option.name}>
      <legend className="variant-option__label">{label}</legend>
      {states.map(({ value, state }, i) => (
        <label key={value} htmlFor={`${id}-${i}`} className="variant-option__radio" data-state={state}>
          <input id={`${id}-${i}`} type="radio" name={id} value={value} checked={chosen[option.name] === value} onChange={() => onChoose(option.name, value)} />
          {value}
          {state !== 'available' && <span className="variant-option__unavailable">{suffix(state)}</span>}
        </label>
      ))}
    </fieldset>
  );
}
