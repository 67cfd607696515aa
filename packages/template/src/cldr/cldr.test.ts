import { describe, expect, it } from 'vitest';
import { createCldrProvider, languageOf } from './framework.js';
import { nodeCldrProvider } from './node.js';
import { Engine } from '../engine.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packDirectory } from './node.js';

describe('cldr', () => {
  it('takes the language subtag', () => {
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('fr_CA')).toBe('fr');
    expect(languageOf('PL')).toBe('pl');
  });

  it('loads packs by language only and caches instances per locale', () => {
    const asked: string[] = [];
    const provider = createCldrProvider((language) => {
      asked.push(language);
      return readFileSync(join(packDirectory(), `${language}.json`), 'utf8');
    });
    const us = provider('en-US') as { General: { locale(): { id: string } } };
    const gb = provider('en-GB');
    expect(us).toBeDefined();
    expect(gb).toBeDefined();
    expect(provider('en-US')).toBe(us);
    expect(new Set(asked)).toEqual(new Set(['en']));
  });

  it("gives no CLDR for 'none' or an unknown language", () => {
    const provider = nodeCldrProvider();
    expect(provider('none')).toBeUndefined();
    expect(provider('xx-YY')).toBeUndefined();
  });

  it('is exposed to plugins as ctx.cldr', () => {
    const engine = new Engine({ cldr: nodeCldrProvider() });
    const seen: unknown[] = [];
    engine.addFormatter('probe', {
      apply: (_a, _v, ctx) => {
        const cldr = ctx.cldr as { Numbers: { formatDecimal(n: number): string } } | undefined;
        seen.push(cldr ? cldr.Numbers.formatDecimal(1234.5) : 'none');
      },
    });
    engine.render('{a|probe}', { json: {}, locale: 'de-DE' });
    engine.render('{a|probe}', { json: {}, locale: 'none' });
    expect(seen).toEqual(['1.234,5', 'none']);
  });
});
