/** A postal address as orders keep it (checkout's fields). */
export type AddressRecord = Readonly<Record<string, unknown>>;

/** How a country writes the line with the town (its order of city, region and postal code). */
type TownLines = (town: { city: string; region: string; postalCode: string }) => string[];

const joined = (separator: string, ...parts: string[]) => parts.filter(Boolean).join(separator);

/** City, region and postal code on one line: US and Canada "City, ST 12345". */
const northAmerican: TownLines = ({ city, region, postalCode }) => [joined(', ', city, joined(' ', region, postalCode))];
/** Australia: "SYDNEY NSW 2000", no commas. */
const australian: TownLines = ({ city, region, postalCode }) => [joined(' ', city, region, postalCode)];
/** United Kingdom: the town, the county when given, and the postcode on its own line. */
const british: TownLines = ({ city, region, postalCode }) => [city, region, postalCode];
/** Japan (Latin order): postal code first, then prefecture and city. */
const japanese: TownLines = ({ city, region, postalCode }) => [postalCode ? `〒${postalCode}` : '', joined(' ', region, city)];
/** Most of Europe and elsewhere: "12345 City", the region after it when given. */
const postalFirst: TownLines = ({ city, region, postalCode }) => [joined(' ', postalCode, city), region];

const TOWN_LINES: Readonly<Record<string, TownLines>> = Object.freeze({
  US: northAmerican,
  CA: northAmerican,
  AU: australian,
  GB: british,
  IE: british,
  JP: japanese,
});

/** The English name of a country code (falls back to the code). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The lines of an address in the order its country writes them: name, street lines, the town
 * line(s) (US/CA "City, ST 12345", AU "City ST 2000", GB "City" then "Postcode", JP "〒postal"
 * then "Prefecture City", others "12345 City"), then the country's name.
 */
export function formatAddress(address: AddressRecord | null): string[] {
  if (!address) return [];
  const part = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  const country = (part('country') || part('countryCode')).toUpperCase();
  const town = { city: part('city'), region: part('region') || part('state'), postalCode: part('postalCode') };
  const townLines = (TOWN_LINES[country] ?? postalFirst)(town);
  return [
    joined(' ', part('firstName'), part('lastName')),
    part('company'),
    part('address1'),
    part('address2'),
    ...townLines,
    country ? countryName(country) : '',
  ].filter(Boolean);
}
