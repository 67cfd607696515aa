import { MultilingualMessages as M } from './messages.js';

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language code read from an owner: its canonical form, or the reason it is refused. */
export type CodeReading = { ok: true; code: string } | { ok: false; message: string };

/**
 * The canonical BCP 47 form of `input` (`EN-us` → `en-US`, `iw` → `he`) by
 * `Intl.getCanonicalLocales`. Refused: what is not a language tag, `und`, a language CLDR does
 * not name, and tags with extensions or private use (`en-u-ca-buddhist`), which hreflang does
 * not carry.
 */
export function readLanguageCode(input: string): CodeReading {
  const known = readings.get(input);
  if (known) return known;
  const reading = readCode(input);
  if (readings.size >= KEPT_READINGS) readings.clear();
  readings.set(input, reading);
  return reading;
}

/**
 * Readings and native names made so far, by input: each costs microseconds of `Intl` work and
 * a site's settings are read on every uncached page (a first visit of each of thousands of
 * sites among them). Bounded; cleared when full.
 */
const readings = new Map<string, CodeReading>();
const nativeNames = new Map<string, string>();
const KEPT_READINGS = 1000;

function readCode(input: string): CodeReading {
  const trimmed = input.trim();
  let code: string;
  try {
    [code = ''] = Intl.getCanonicalLocales(trimmed);
  } catch {
    return { ok: false, message: M.NOT_A_CODE(trimmed) };
  }
  const locale = new Intl.Locale(code);
  if (locale.baseName !== code) return { ok: false, message: M.WITH_EXTENSIONS(trimmed, locale.baseName) };
  // `und` has no language subtag (Node reads its `language` as undefined): it names no language.
  if (!locale.language || locale.language === 'und' || names.of(locale.language) === undefined) return { ok: false, message: M.UNKNOWN_LANGUAGE(trimmed) };
  return { ok: true, code };
}

/** The English name of a canonical code (`fr-CA` → `Canadian French`), the code itself when CLDR has none. */
export function languageName(code: string): string {
  return names.of(code) ?? code;
}

/** The name of a canonical code in that language (`fr` → `français`), for the language's own visitors. */
export function nativeLanguageName(code: string): string {
  let name = nativeNames.get(code);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
    } catch {
      name = code;
    }
    if (nativeNames.size >= KEPT_READINGS) nativeNames.clear();
    nativeNames.set(code, name);
  }
  return name;
}

/** The URL prefix of a language other than the primary: `/` and its code in lower case (`/pt-br`). */
export function languagePrefix(code: string): string {
  return `/${code.toLowerCase()}`;
}
