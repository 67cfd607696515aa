/** Our engine prepared for a list of bench cases (imports only our engine). */
import { Engine } from '../../packages/template/src/index.js';
import { nodeCldrProvider } from '../../packages/template/src/cldr/node.js';
import type { BenchCase } from './corpus.js';
import { flat, NOW, type Runner } from './runner-common.js';

/** CLDR from disk, one instance per locale; the reference runner gets the same instances. */
export const cldr = nodeCldrProvider();

/** Our engine, with CLDR from disk. */
export function oursRunner(cases: readonly BenchCase[], engine = new Engine({ cldr })): Runner {
  const execute = cases.map((c) => {
    const { template } = engine.compile(c.source);
    const opts = { json: c.json, partials: c.partials, injects: c.injects, locale: c.locale, now: c.now ?? NOW };
    return () => flat(engine.render(template, opts).output);
  });
  return {
    execute,
    compileAll: () => {
      for (const c of cases) engine.compile(c.source);
    },
  };
}
