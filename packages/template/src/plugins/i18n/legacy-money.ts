import type { Formatter } from '../../plugin-api.js';
import { decimalOf, moneyOf } from './values.js';
import { JsonDecimal } from '../../json-decimal.js';

/** Symbols chosen for the legacy money format; other currencies show their ISO code. */
const SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  CAD: 'C$',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  NOK: 'kr',
  SEK: 'kr',
  USD: '$',
};

/** Locales that put the symbol after the amount; every other locale puts it before. */
const SYMBOL_AFTER = new Set(['da-DK', 'de-DE', 'fr-FR', 'sv-SE']);

interface Separators {
  readonly group: string;
  readonly decimal: string;
}

const COMMA_POINT: Separators = { group: ',', decimal: '.' };
const POINT_COMMA: Separators = { group: '.', decimal: ',' };
const SPACE_COMMA: Separators = { group: '\u00a0', decimal: ',' };

/** Legacy digit separators by language (region-specific entries first). */
const SEPARATORS: Readonly<Record<string, Separators>> = {
  'es-US': COMMA_POINT,
  da: POINT_COMMA,
  de: POINT_COMMA,
  es: POINT_COMMA,
  nl: POINT_COMMA,
  fr: SPACE_COMMA,
  sv: SPACE_COMMA,
  no: SPACE_COMMA,
  nb: SPACE_COMMA,
};

/** Default locale when the formatter has no argument (spec: default locale en-US). */
export const DEFAULT_LEGACY_LOCALE = 'en-US';

/** Minor-unit digits of a currency: 2, except JPY with 0. */
export const fractionDigits = (currency: string): number => (currency === 'JPY' ? 0 : 2);

const LETTER_START = /^[A-Za-z]/;
const LETTER_END = /[A-Za-z]$/;

function groupDigits(int: string, sep: string): string {
  let out = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += sep;
    out += int[i];
  }
  return out;
}

/**
 * The legacy (pre-CLDR) money format: `1.234,56 A$` in de-DE, `kr -1,234.56` in en-US.
 * The amount is rounded half-even to the currency's fraction digits.
 */
export function formatLegacyMoney(amountText: string, currency: string, localeTag: string): string {
  const key = `${localeTag.length}:${localeTag}${currency.length}:${currency}${amountText}`;
  let text = FORMATTED.get(key);
  if (text === undefined) {
    text = legacyMoneyText(amountText, currency, localeTag);
    if (FORMATTED.size >= MAX_FORMATTED) FORMATTED.clear();
    FORMATTED.set(key, text);
  }
  return text;
}

/** Formatted amounts per locale tag, currency and amount text. */
const FORMATTED = new Map<string, string>();

/** Amounts kept before the table starts over. */
const MAX_FORMATTED = 1024;

function legacyMoneyText(amountText: string, currency: string, localeTag: string): string {
  const tag = localeTag.replace('_', '-');
  const language = tag.split('-')[0] ?? tag;
  const seps = SEPARATORS[tag] ?? SEPARATORS[language] ?? COMMA_POINT;
  const symbol = SYMBOLS[currency] ?? currency;
  const amount = decimalOf(amountText);
  if (!amount) return '';
  const rounded = amount.setScale(fractionDigits(currency), 'half-even');
  const negative = rounded.isNegative() && !rounded.isZero();
  const [int = '0', frac] = rounded.abs().toString().split('.');
  const digits = groupDigits(int, seps.group) + (frac ? seps.decimal + frac : '');
  if (SYMBOL_AFTER.has(tag)) {
    const space = LETTER_START.test(symbol) ? ' ' : '';
    return `${negative ? '-' : ''}${digits}${space}${symbol}`;
  }
  if (LETTER_END.test(symbol)) return `${symbol} ${negative ? '-' : ''}${digits}`;
  return `${negative ? '-' : ''}${symbol}${digits}`;
}

/** `{price|i18n-money-format de-DE}`: the legacy money format for a money node. */
export const i18nMoneyFormat: Formatter = {
  apply(args, vars) {
    const first = vars[0];
    if (!first) return;
    const money = moneyOf(first.value);
    const amount = money?.amount;
    const text = typeof amount === 'number' || typeof amount === 'string' || amount instanceof JsonDecimal ? String(amount) : '';
    first.set(money && text ? formatLegacyMoney(text, money.currency, args[0]?.trim() || DEFAULT_LEGACY_LOCALE) : '');
  },
};
