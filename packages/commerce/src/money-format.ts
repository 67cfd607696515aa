import { fractionDigits } from './currencies.js';
import type { Money } from './money.js';
import { minorToDecimal } from './money.js';

/** Default locale for money formatting. */
export const DEFAULT_LOCALE = 'en-US';

/** Options for {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** Drop the fraction when it is all zeros ("$20" instead of "$20.00"). */
  readonly trimZeroFraction?: boolean;
}

/** Formatters made so far, by locale, currency and fraction digits: making one costs far more than using it. */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_KEPT_FORMATS = 64;

function currencyFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(normalizeLocale(locale), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    if (formats.size >= MAX_KEPT_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** Formats Money for display in `locale` (BCP 47, underscores accepted), e.g. "$1,234.50". */
export function formatMoney(amount: Money, locale: string = DEFAULT_LOCALE, options: FormatMoneyOptions = {}): string {
  const digits = fractionDigits(amount.currency);
  const whole = digits === 0 || amount.value % 10 ** digits === 0;
  const shown = options.trimZeroFraction && whole ? 0 : digits;
  return currencyFormat(locale, amount.currency, shown).format(minorToDecimal(amount.value, amount.currency) as unknown as number);
}

/** Converts "en_US" style locales to BCP 47 ("en-US"); "en_UK" becomes "en-GB". */
export function normalizeLocale(locale: string): string {
  const tag = locale.replace(/_/g, '-');
  return tag.replace(/-UK$/i, '-GB');
}

/**
 * Parses a displayed price such as "$1,234.50" or "1.234,50 €" into minor units,
 * the way the instalment pill reads the price shown on the page.
 */
export function parseDisplayedPrice(text: string): number {
  const cleaned = text.replace(/[^\d.,-]/g, '');
  const lastSep = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  const hasFraction = lastSep >= 0 && cleaned.length - lastSep - 1 <= 2 && cleaned.length - lastSep - 1 > 0;
  const whole = (hasFraction ? cleaned.slice(0, lastSep) : cleaned).replace(/[.,]/g, '');
  const fraction = hasFraction ? cleaned.slice(lastSep + 1).padEnd(2, '0') : '00';
  if (!/^-?\d+$/.test(whole)) throw new RangeError(`Not a price: ${JSON.stringify(text)}`);
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction));
}
