import { table, type FormatterTable, type PredicateTable, type Formatter } from '../../plugin-api.js';
import { strftime, type ZonedMoment } from './strftime.js';
import { zoneAbbreviation } from './zone-abbr.js';
import { jsonNumber } from '../../json-decimal.js';
import { ArgsMemo } from '../args-memo.js';
import { ResultMemo } from '../result-memo.js';

/** The pattern of an argument list (the arguments joined by spaces), once per list. */
const PATTERNS = new ArgsMemo((args) => args.join(' '));

const epochOf = (value: unknown): number => {
  const n = jsonNumber(value);
  if (n !== undefined) return n;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
};

/** Formatted dates per CLDR instance (zone names), argument list, instant and zone. */
const RESULTS = new ResultMemo(256);

/** Stands for the CLDR instance of executions without one (locale `none`). */
const NO_CLDR = {};

/** A moment in the site's zone; the zone abbreviation is looked up only when a pattern prints it. */
class SiteMoment implements ZonedMoment {
  constructor(
    readonly epoch: number,
    readonly zoneId: string,
    private readonly cldr: unknown,
  ) {}

  get zoneAbbr(): string {
    return zoneAbbreviation(this.cldr, this.epoch, this.zoneId);
  }
}

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
    const cldr = ctx.cldr;
    const results = RESULTS.table(typeof cldr === 'object' && cldr !== null ? cldr : NO_CLDR, args);
    const key = `${epoch} ${ctx.timeZone}`;
    const known = results.get(key);
    first.set(known !== undefined ? known : RESULTS.store(results, key, strftime(new SiteMoment(epoch, ctx.timeZone, cldr), PATTERNS.get(args))));
  },
};

/** The date formatter family. */
export const formatters: FormatterTable = table({ date });

/** The date predicate family. */
export const predicates: PredicateTable = table({});
