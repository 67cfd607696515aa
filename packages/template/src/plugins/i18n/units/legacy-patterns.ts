/**
 * Unit patterns of the older CLDR data the reference (Java) engine formats with, where
 * `@phensley/cldr` 1.14 data differs. Every entry reproduces an output of the shared
 * corpus: the Java unit outputs in `plugins/resources/i18n/units/*-out-<locale>.html`,
 * `i18n/f-unit-area-en-US` (km²) and `i18n/f-message-units-fr-FR` (Go, heures). Units and widths
 * without an entry use the current CLDR pattern. In French the reference separates number and
 * unit name with a plain space in every width, where current CLDR has U+00A0 or U+202F (digit
 * grouping inside the number is left as CLDR has it).
 */

/** Width -> unit -> pattern (`{0}` is the formatted number), one pattern for every plural category. */
type PatternTable = Readonly<Partial<Record<'narrow' | 'short' | 'long', Readonly<Record<string, string>>>>>;

const LEGACY_PATTERNS: Readonly<Record<string, PatternTable>> = {
  en: {
    narrow: {
      byte: '{0}byte',
      'square-kilometer': '{0} km²',
    },
  },
  fr: {
    narrow: {
      'meter-per-square-second': '{0} m/s²',
      'g-force': '{0}G',
      revolution: '{0} tr',
      'square-centimeter': '{0} cm²',
      'square-yard': '{0} yd²',
      'mile-per-gallon': '{0} mi/gal',
      byte: '{0} octet',
      kilobyte: '{0} ko',
      megabyte: '{0} Mo',
      gigabyte: '{0} Go',
      terabyte: '{0} To',
      gigabit: '{0} Gb',
      month: '{0}m',
      ampere: '{0} A',
      milliampere: '{0} mA',
      hertz: '{0} Hz',
      kilohertz: '{0} kHz',
      megahertz: '{0} MHz',
      gigahertz: '{0} GHz',
      tonne: '{0} t',
    },
    short: {
      month: '{0} m',
    },
  },
};

/** The legacy pattern for a unit in a language and width, or undefined to use CLDR's. */
export function legacyUnitPattern(language: string, length: 'narrow' | 'short' | 'long', unit: string): string | undefined {
  const widths = Object.hasOwn(LEGACY_PATTERNS, language) ? LEGACY_PATTERNS[language] : undefined;
  const table = widths?.[length];
  return table !== undefined && Object.hasOwn(table, unit) ? table[unit] : undefined;
}

/** Languages whose unit patterns use a plain space between number and unit name. */
const PLAIN_SPACE_LANGUAGES: ReadonlySet<string> = new Set(['fr']);

/** True when the reference separates number and unit name with a plain space in `language`. */
export function usesPlainUnitSpacing(language: string): boolean {
  return PLAIN_SPACE_LANGUAGES.has(language);
}

const NO_BREAK_SPACES = /[\u00a0\u202f]/g;

/** Turns the no-break spaces around `number` (the formatted number inside `text`) into plain spaces. */
export function withPlainUnitSpacing(text: string, number: string): string {
  const at = text.indexOf(number);
  if (at === -1) return text.replace(NO_BREAK_SPACES, ' ');
  const end = at + number.length;
  return text.slice(0, at).replace(NO_BREAK_SPACES, ' ') + number + text.slice(end).replace(NO_BREAK_SPACES, ' ');
}
