import type { CLDR, Decimal, DecimalFormatOptions } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { decimalOptions, splitOption } from './options.js';
import { decimalOf, numericText } from './values.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted numbers per locale, parsed argument list and number text. */
const RESULTS = new ResultMemo(256);
import { ArgsMemo } from '../args-memo.js';

/** `mode:` and the number options of a `decimal` argument list, parsed once per list. */
const DECIMAL_ARGS = new ArgsMemo((args): [string | undefined, DecimalFormatOptions] => [
  args.map(splitOption).find(([key]) => key === 'mode')?.[1],
  args.length === 0 ? { group: false } : decimalOptions(args),
]);

/**
 * Applies `mode:` to a number and its options: `significant` keeps only significant-digit
 * limits, `default` only fraction-digit limits, `significant-maxfrac` applies the significant
 * limits after rounding to at most `maxfrac` fraction digits.
 */
export function applyNumberMode(n: Decimal, opts: DecimalFormatOptions, mode: string | undefined): [Decimal, DecimalFormatOptions] {
  const o = { ...opts };
  switch (mode) {
    case 'significant':
      delete o.maximumFractionDigits;
      delete o.minimumFractionDigits;
      return [n, o];
    case 'default':
      delete o.maximumSignificantDigits;
      delete o.minimumSignificantDigits;
      return [n, o];
    case 'significant-maxfrac': {
      if (o.maximumFractionDigits === undefined) return [n, o];
      const rounded = n.setScale(o.maximumFractionDigits, o.round ?? 'half-even').stripTrailingZeros();
      return [rounded, o];
    }
    default:
      return [n, o];
  }
}

/**
 * `{n|decimal style:short maxfrac:1}`: a localized number; non-numeric input gives nothing.
 * A bare `{n|decimal}` prints the plain localized number without digit grouping.
 */
export const decimal: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    const text = numericText(first.value);
    if (!cldr || text === undefined) {
      first.set('');
      return;
    }
    const parsed = DECIMAL_ARGS.get(args);
    const results = RESULTS.table(cldr, parsed);
    const known = results.get(text);
    first.set(known !== undefined ? known : RESULTS.store(results, text, formatNumber(cldr, text, parsed)));
  },
};

function formatNumber(cldr: CLDR, text: string, [mode, base]: [string | undefined, DecimalFormatOptions]): string {
  const n = decimalOf(text);
  if (!n) return '';
  const [value, opts] = applyNumberMode(n, base, mode);
  return cldr.Numbers.formatDecimal(value, opts);
}
