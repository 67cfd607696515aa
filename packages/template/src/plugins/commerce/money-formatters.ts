import { mapFormatter, type PluginContext } from '../../plugin-api.js';
import { decimalText, DEFAULT_CURRENCY, type Money, parseScaled, toDecimalString } from './money.js';
import { ResultMemo } from '../result-memo.js';
import { cldrOf, DEFAULT_CURRENCY_OPTIONS, formatCurrency, formatPlainAmount, localCurrency, nativeMoneyMarkup } from './money-format.js';

/** The runtime error recorded when a numeric formatter gets text that is not a number. */
export const notANumber = (formatter: string, value: unknown, fallback?: string) =>
  `${formatter}: expected a number, got ${JSON.stringify(value) ?? String(value)}` + (fallback === undefined ? '' : `; using ${fallback}`);

/** Whether a value is absent (formatted as zero without complaint). */
const absent = (value: unknown) => value === undefined || value === null || value === '';

/** Decimal text of a numeric input; records an error and gives `'0'` for anything else. */
function numericText(formatter: string, value: unknown, ctx: PluginContext): string {
  const text = decimalText(value);
  if (text !== undefined) return text;
  if (!absent(value)) ctx.error(notANumber(formatter, value, '0'));
  return '0';
}

function minorUnits(formatter: string, value: unknown, currency: string, ctx: PluginContext): Money {
  return { minor: parseScaled(numericText(formatter, value, ctx), 0) ?? 0, currency };
}

/**
 * `bookkeeper-money-format`: an amount in minor units of the locale region's currency,
 * formatted through CLDR (`12345` in en-US gives `$123.45`). Text that is not a number
 * counts as zero (with an error); without a CLDR locale the result is empty.
 */
export const bookkeeperMoneyFormatter = mapFormatter((value, _args, ctx) => {
  const cldr = cldrOf(ctx);
  if (!cldr) return '';
  const currency = localCurrency(cldr);
  const money = minorUnits('bookkeeper-money-format', value, currency, ctx);
  return formatCurrency(cldr, toDecimalString(money), currency, DEFAULT_CURRENCY_OPTIONS);
});

/** Cents as money in the store currency; undefined (with an error for bad input) when not a number. */
function cents(formatter: string, value: unknown, ctx: PluginContext): Money | undefined {
  const text = decimalText(value);
  if (text === undefined) {
    if (!absent(value)) ctx.error(notANumber(formatter, value));
    return undefined;
  }
  return { minor: parseScaled(text, 0) ?? 0, currency: DEFAULT_CURRENCY };
}

/**
 * `money-format` / `moneyFormat`: an amount in cents of the store currency as a plain
 * number with the default separators (`12345` gives `123.45`); no output for a value that
 * is not a number.
 */
export const moneyFormatFormatter = mapFormatter((value, _args, ctx) => {
  const money = cents('money-format', value, ctx);
  return money && formatPlainAmount(money);
});

/** `money-string`: like `money-format`, wrapped in the native money markup. */
export const moneyStringFormatter = mapFormatter((value, _args, ctx) => {
  const money = cents('money-string', value, ctx);
  return money && nativeMoneyMarkup(money);
});

/**
 * `percentage-format`: a number formatted through CLDR with 2 fraction digits (0 with the
 * `trim` argument) and at most 3. Text that is not a number counts as zero (with an error).
 */
export const percentageFormatter = mapFormatter((value, args, ctx) => {
  const cldr = cldrOf(ctx);
  if (!cldr) return '';
  const options = args.includes('trim') ? PERCENTAGE_TRIMMED : PERCENTAGE;
  const text = numericText('percentage-format', value, ctx);
  const results = PERCENTAGES.table(cldr, options);
  const known = results.get(text);
  return known !== undefined ? known : PERCENTAGES.store(results, text, cldr.Numbers.formatDecimal(text, options));
});

const PERCENTAGE = Object.freeze({ minimumFractionDigits: 2, maximumFractionDigits: 3 });
const PERCENTAGE_TRIMMED = Object.freeze({ minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** Formatted percentages per locale, options and number text. */
const PERCENTAGES = new ResultMemo(256);
