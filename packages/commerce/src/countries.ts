/**
 * The ISO 3166-1 alpha-2 codes officially assigned (249), in code order. Names come from
 * `Intl.DisplayNames` in the shopper's language.
 */
export const COUNTRY_CODES: ReadonlyArray<string> = Object.freeze(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET ' +
    'FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
    'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
    'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
    'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** True when `code` is an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/** A country as a picker lists it. */
export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale.replace(/_/g, '-'), 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

/** The name of a country in `locale` (BCP 47, underscores accepted); the code when the runtime has no name. */
export function countryName(code: string, locale = 'en-US'): string {
  return regionNames(locale)?.of(code) ?? code;
}

const optionsByLocale = new Map<string, ReadonlyArray<CountryOption>>();
const MAX_KEPT_LOCALES = 32;

/** Every country with its name in `locale`, ordered by name as that language sorts. */
export function countryOptions(locale = 'en-US'): ReadonlyArray<CountryOption> {
  const known = optionsByLocale.get(locale);
  if (known) return known;
  const names = regionNames(locale);
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale.replace(/_/g, '-'));
  } catch {
    collator = new Intl.Collator('en');
  }
  const options = Object.freeze(
    COUNTRY_CODES.map((code) => Object.freeze({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name)),
  );
  if (optionsByLocale.size >= MAX_KEPT_LOCALES) optionsByLocale.clear();
  optionsByLocale.set(locale, options);
  return options;
}
