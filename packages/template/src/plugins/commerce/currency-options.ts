/** Options accepted by CLDR `Numbers.formatCurrency`, built from formatter arguments. */
export interface CurrencyOptions {
  style?: 'symbol' | 'accounting' | 'code' | 'name' | 'short';
  symbolWidth?: 'default' | 'narrow';
  group?: boolean;
  round?: 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even';
  minimumIntegerDigits?: number;
  maximumFractionDigits?: number;
  minimumFractionDigits?: number;
  maximumSignificantDigits?: number;
  minimumSignificantDigits?: number;
}

/** Number digit options clamp to 0-50 (spec section 5, template engine). */
export const MAX_DIGITS = 50;

const STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const WIDTHS = new Set(['default', 'narrow']);
const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);

const DIGIT_KEYS: Readonly<Record<string, keyof CurrencyOptions>> = {
  minint: 'minimumIntegerDigits',
  minInt: 'minimumIntegerDigits',
  minimumIntegerDigits: 'minimumIntegerDigits',
  maxfrac: 'maximumFractionDigits',
  maxFrac: 'maximumFractionDigits',
  maximumFractionDigits: 'maximumFractionDigits',
  minfrac: 'minimumFractionDigits',
  minFrac: 'minimumFractionDigits',
  minimumFractionDigits: 'minimumFractionDigits',
  maxsig: 'maximumSignificantDigits',
  maxSig: 'maximumSignificantDigits',
  maximumSignificantDigits: 'maximumSignificantDigits',
  minsig: 'minimumSignificantDigits',
  minSig: 'minimumSignificantDigits',
  minimumSignificantDigits: 'minimumSignificantDigits',
};

function digits(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), MAX_DIGITS) : 0;
}

/**
 * Parses `key:value` formatter arguments (`style:code`, `symbol:narrow`, `no-group`,
 * `round:half-up`, `maxfrac:0` ...). Unknown keys and values are ignored.
 */
export function parseCurrencyOptions(args: readonly string[]): CurrencyOptions {
  const out: Record<string, unknown> = {};
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon === -1 ? arg : arg.slice(0, colon);
    const value = colon === -1 ? '' : arg.slice(colon + 1);
    if (key === 'style') {
      if (STYLES.has(value)) out.style = value;
      else if (value === 'standard') out.style = 'symbol';
    } else if (key === 'symbol') {
      if (WIDTHS.has(value)) out.symbolWidth = value;
    } else if (key === 'group' || key === 'grouping') {
      out.group = value === '' || value === 'true';
    } else if (key === 'no-group' || key === 'no-grouping') {
      out.group = false;
    } else if (key === 'round' || key === 'rounding') {
      const mode = value === 'ceil' ? 'ceiling' : value === 'truncate' ? 'down' : value;
      if (ROUNDING.has(mode)) out.round = mode;
    } else if (Object.hasOwn(DIGIT_KEYS, key)) {
      out[DIGIT_KEYS[key] as string] = digits(value);
    }
  }
  return out as CurrencyOptions;
}
