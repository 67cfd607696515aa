import { table, type FormatterTable, type PredicateTable, type Formatter } from '../../plugin-api';
import { strftime } from './strftime';
import { zoneAbbreviation } from './zone-abbr';
import { jsonNumber } from '../../json-decimal';
import { ArgsMemo } from '../args-memo';

/** The pattern of an argument list (the arguments joined by spaces), once per list. */
const PATTERNS = new ArgsMemo((args) => args.join(' '));

const epochOf = (value: unknown): number => {
  const n = jsonNumber(value);
  if (n !== undefined) return n;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
};

/** `{t|date %Y-%m-%d}`: strftime-style formatting of epoch milliseconds in the site time zone. */
const date: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const epoch = epochOf(first.value);
    if (args.length === 0 || !Number.isFinite(epoch)) {
      first.set('');
      return;
    }
    const zoneId = ctx.timeZone;
    const cldr = ctx.cldr;
    const moment = {
      epoch,
      zoneId,
      get zoneAbbr(): string {
        return zoneAbbreviation(cldr, epoch, zoneId);
      },
    };
    first.set(strftime(moment, PATTERNS.get(args)));
  },
};

/** The date formatter family. */
export const formatters: FormatterTable = table({ date });

/** The date predicate family. */
export const predicates: PredicateTable = table({});
