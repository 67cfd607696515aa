import type { PluginContext } from '../../plugin-api.js';
import { parseCurrencyOptions } from './currency-options.js';
import { type Money, toDecimalString } from './money.js';
import { isTruthy } from './values.js';
import { ArgsMemo } from '../args-memo.js';
import { ResultMemo } from '../result-memo.js';

/** The parts of `@phensley/cldr`'s CLDR instance this family uses. */
export interface CommerceCldr {
  readonly Numbers: {
    formatCurrency(n: string, code: string, options?: object): string;
    formatDecimal(n: string, options?: object): string;
    getCurrencyForRegion(region: string): string;
  };
  readonly General: {
    locale(): { readonly tag: { region(): string } };
    messageFormatter(): { format(message: string, positional: unknown[], named: Record<string, unknown>): string };
  };
}

/** The execution's CLDR instance, or undefined when the locale is `none`. */
export function cldrOf(ctx: PluginContext): CommerceCldr | undefined {
  return (ctx.cldr ?? undefined) as CommerceCldr | undefined;
}

/** Default thousands separator and decimal mark (spec section 9). */
export const THOUSANDS_SEPARATOR = ',';
export const DECIMAL_SEPARATOR = '.';

/**
 * Formats a plain decimal string with the default separators, grouping thousands
 * (`"1234567.5"` gives `"1,234,567.5"`).
 */
export function groupDecimal(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', frac] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  const text = frac === undefined ? grouped : `${grouped}${DECIMAL_SEPARATOR}${frac}`;
  return negative ? `-${text}` : text;
}

/** The amount with the default separators and the currency's fraction digits, no symbol. */
export function formatPlainAmount(money: Money): string {
  return groupDecimal(toDecimalString(money));
}

/** The native (non-CLDR) money markup: `<span class="sqs-money-native">1,234.50</span>`. */
export function nativeMoneyMarkup(money: Money): string {
  return `<span class="sqs-money-native">${formatPlainAmount(money)}</span>`;
}

/** Whether the site opted in to CLDR money formatting (feature flag or website setting). */
export function usesCldrMoneyFormat(ctx: PluginContext): boolean {
  return isTruthy(ctx.resolve(['featureFlags', 'useCLDRMoneyFormat'])) || isTruthy(ctx.resolve(['websiteSettings', 'useCLDRMoneyFormat']));
}

/**
 * A price as shown on product pages: CLDR currency formatting (with `style:`, `symbol:`,
 * digit and rounding arguments) when the site uses CLDR money format, otherwise the
 * native markup. CLDR mode without a CLDR locale gives `''`.
 */
export function formatMoneyForDisplay(money: Money, args: readonly string[], ctx: PluginContext): string {
  if (!usesCldrMoneyFormat(ctx)) return nativeMoneyMarkup(money);
  const cldr = cldrOf(ctx);
  if (!cldr) return '';
  return formatCurrency(cldr, toDecimalString(money), money.currency, CURRENCY_OPTIONS.get(args));
}

/** Currency options per argument list (frozen, shared). */
const CURRENCY_OPTIONS = new ArgsMemo((args) => Object.freeze(parseCurrencyOptions(args)));

/** Options of a currency amount formatted with the locale's defaults. */
export const DEFAULT_CURRENCY_OPTIONS: object = Object.freeze({});

/** Formatted amounts per locale, options object, amount and currency. */
const CURRENCY_RESULTS = new ResultMemo(256);

/**
 * `cldr.Numbers.formatCurrency(amount, currency, options)`, computed once per locale, options object
 * (parsed once per argument list), amount text and currency.
 */
export function formatCurrency(cldr: CommerceCldr, amount: string, currency: string, options: object): string {
  const results = CURRENCY_RESULTS.table(cldr, options);
  const key = `${amount} ${currency}`;
  const known = results.get(key);
  return known !== undefined ? known : CURRENCY_RESULTS.store(results, key, cldr.Numbers.formatCurrency(amount, currency, options));
}

/** Currency of the locale's region through CLDR; minor units use its fraction digits. */
export function localCurrency(cldr: CommerceCldr): string {
  return cldr.Numbers.getCurrencyForRegion(cldr.General.locale().tag.region());
}
