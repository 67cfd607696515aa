import type { CLDR, Decimal, DecimalFormatOptions } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api';
import { decimalOptions, splitOption } from './options';
import { decimalOf } from './values';
import { ArgsMemo } from '../args-memo';

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
    const n = decimalOf(first.value);
    if (!cldr || !n) {
      first.set('');
      return;
    }
    const [mode, base] = DECIMAL_ARGS.get(args);
    const [value, opts] = applyNumberMode(n, base, mode);
    first.set(cldr.Numbers.formatDecimal(value, opts));
  },
};
