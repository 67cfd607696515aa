/** Per-engine runners for the template benchmarks: compile each case once, then closures that execute one case or compile all. */
import { Engine } from '../../packages/template/src/index.js';
import { nodeCldrProvider } from '../../packages/template/src/cldr/node.js';
import type { BenchCase } from './corpus.js';
import { referenceCompiler } from './reference.js';

/** A fixed "now" for cases that do not give one, so that dates format the same in every run. */
export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The engines the benchmarks compare. */
export type EngineName = 'ours' | 'ref';

/** One engine prepared for a list of cases. */
export interface Runner {
  /** One function per case: executes it once and returns the (flattened) output. */
  readonly execute: readonly (() => string)[];
  /** Compiles every case's source once. */
  readonly compileAll: () => void;
}

/** Reads a character so that an output built by concatenation is flattened, as writing it out would. */
export function flat(out: string): string {
  if (out.length) out.charCodeAt(out.length >> 1);
  return out;
}

const cldr = nodeCldrProvider();

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

/** `@squarespace/template-engine`, given the same CLDR instances, `now` and source partials. */
export function referenceRunner(cases: readonly BenchCase[]): Runner {
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

/** The runner of the named engine. */
export function runnerFor(name: EngineName, cases: readonly BenchCase[]): Runner {
  return name === 'ours' ? oursRunner(cases) : referenceRunner(cases);
}
