import type { CLDR } from '@phensley/cldr';

/**
 * The abbreviation of a time zone at a moment (`EST`, `JST`), from the CLDR
 * time zone data when a CLDR instance is available, else from the platform's Intl.
 */
export function zoneAbbreviation(cldr: unknown, epoch: number, zoneId: string): string {
  const info = (cldr as CLDR | undefined)?.Calendars.timeZoneFromUTC(epoch, zoneId);
  if (info) return info.abbr;
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zoneId, timeZoneName: 'short' }).formatToParts(epoch);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}
