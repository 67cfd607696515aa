import type { CLDR, CurrencyType } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api';
import { currencyOptionsOf } from './options';
import { decimalOf, moneyOf } from './values';

/** Formats a money node (`{decimalValue, currencyCode}` or `{value, currency}`) with CLDR; '' when it is not one. */
export function formatMoney(cldr: CLDR, value: unknown, args: readonly string[]): string {
  const money = moneyOf(value);
  const amount = money && decimalOf(money.amount);
  if (!money || !amount) return '';
  return cldr.Numbers.formatCurrency(amount, money.currency as CurrencyType, currencyOptionsOf(args));
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
