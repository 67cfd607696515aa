/**
 * CLDR setup that runs anywhere (browser or Node): builds a `CldrProvider` from
 * a resource-pack loader. Only the language subtag selects the pack; locale
 * `none` means no CLDR.
 */
import { CLDRFramework } from '@phensley/cldr';
import type { CldrProvider } from '../engine.js';

/** Returns the resource pack (JSON text or parsed object) for a language, or undefined. */
export type PackLoader = (language: string) => string | object | undefined;

/** The language subtag of a locale id (`en-US` -> `en`, `fr_CA` -> `fr`). */
export function languageOf(locale: string): string {
  return (locale.split(/[-_]/)[0] ?? '').toLowerCase();
}

/** Creates a provider that returns one cached `CLDR` instance per locale id. */
export function createCldrProvider(loader: PackLoader): CldrProvider {
  const framework = new CLDRFramework({
    loader: (language: string) => {
      const pack = loader(language);
      if (pack === undefined) throw new Error(`No CLDR resource pack for language '${language}'`);
      return pack;
    },
    packCacheSize: 8,
  });
  const cache = new Map<string, unknown>();
  return (locale: string) => {
    if (!locale || locale === 'none') return undefined;
    if (cache.has(locale)) return cache.get(locale);
    let cldr: unknown;
    try {
      cldr = framework.get(locale.replace(/_/g, '-'));
    } catch {
      cldr = undefined;
    }
    cache.set(locale, cldr);
    return cldr;
  };
}
