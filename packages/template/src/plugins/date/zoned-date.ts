import { GregorianDate, type CLDR } from '@phensley/cldr';

const SUNDAY = 1;

/** Resolved dates kept per table before it starts over. */
const MAX_DATES = 256;

/** Recently resolved dates (immutable) per zone and instant. */
class DateTable {
  private readonly byZone = new Map<string, Map<number, GregorianDate>>();
  private count = 0;

  constructor(private readonly make: (epoch: number, zoneId: string) => GregorianDate) {}

  get(epoch: number, zoneId: string): GregorianDate {
    let byEpoch = this.byZone.get(zoneId);
    let d = byEpoch?.get(epoch);
    if (d !== undefined) return d;
    d = this.make(epoch, zoneId);
    if (this.count >= MAX_DATES) {
      this.byZone.clear();
      this.count = 0;
      byEpoch = undefined;
    }
    if (byEpoch === undefined) {
      byEpoch = new Map();
      this.byZone.set(zoneId, byEpoch);
    }
    byEpoch.set(epoch, d);
    this.count++;
    return d;
  }
}

const PLAIN = new DateTable((epoch, zoneId) => GregorianDate.fromUnixEpoch(epoch, zoneId, SUNDAY, 1));
const BY_LOCALE = new WeakMap<CLDR, DateTable>();

/**
 * The Gregorian date of epoch milliseconds in a time zone: with `cldr`, weeks follow the
 * locale (as `cldr.Calendars.toGregorianDate` makes them); without, weeks start on Sunday with
 * one day minimum in the first week. Resolving the zone is most of the cost of formatting a
 * date and templates often print one date several times, so recent results are reused.
 */
export function zonedDate(epoch: number, zoneId: string, cldr?: CLDR): GregorianDate {
  if (cldr === undefined) return PLAIN.get(epoch, zoneId);
  let table = BY_LOCALE.get(cldr);
  if (table === undefined) {
    table = new DateTable((e, z) => cldr.Calendars.toGregorianDate({ date: e, zoneId: z }));
    BY_LOCALE.set(cldr, table);
  }
  return table.get(epoch, zoneId);
}
