import type { CLDR, CurrencyType } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { currencyOptionsOf } from './options.js';
import { decimalOf, moneyOf, numericText } from './values.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted amounts per locale, options, amount text and currency. */
const RESULTS = new ResultMemo(256);

/** Formats a money node (`{decimalValue, currencyCode}` or `{value, currency}`) with CLDR; '' when it is not one. */
export function formatMoney(cldr: CLDR, value: unknown, args: readonly string[]): string {
  const money = moneyOf(value);
  const text = money && numericText(money.amount);
  if (!money || text === undefined) return '';
  const opts = currencyOptionsOf(args);
  const results = RESULTS.table(cldr, opts);
  const key = `${money.currency.length}:${money.currency}${text}`;
  const known = results.get(key);
  if (known !== undefined) return known;
  const amount = decimalOf(text);
  return RESULTS.store(results, key, amount ? cldr.Numbers.formatCurrency(amount, money.currency as CurrencyType, opts) : '');
}

/** `{price|money style:short}`: a localized currency amount. */
export const money: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    first.set(cldr ? formatMoney(cldr, first.value, args) : '');
  },
};
