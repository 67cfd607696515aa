/** `@squarespace/template-engine` prepared for a list of bench cases (imports only the reference and CLDR). */
import { nodeCldrProvider } from '../../packages/template/src/cldr/node.js';
import type { BenchCase } from './corpus.js';
import { referenceCompiler } from './reference.js';
import { flat, NOW, type Runner } from './runner-common.js';

const defaultCldr = nodeCldrProvider();

/** The reference, given the same CLDR instances (pass our runner's provider in a shared process), `now` and source partials. */
export function referenceRunner(cases: readonly BenchCase[], cldr: (locale: string) => unknown = defaultCldr): Runner {
  const ref = referenceCompiler();
  const execute = cases.map((c) => {
    const { code } = ref.parse(c.source);
    const props = {
      code,
      json: c.refJson,
      partials: c.partials,
      injects: c.refInjects,
      cldr: cldr(c.locale),
      now: c.now ?? NOW,
      enableExpr: true,
      enableInclude: true,
    };
    return () => flat(ref.execute(props).ctx.render());
  });
  return {
    execute,
    compileAll: () => {
      for (const c of cases) ref.parse(c.source);
    },
  };
}
