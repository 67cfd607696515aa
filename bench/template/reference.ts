/** Loads the reference engine (`@squarespace/template-engine`, dev dependency; bench code only). */
import { createRequire } from 'node:module';

/** The part of the reference's `Compiler` the benchmarks use. */
export interface ReferenceCompiler {
  parse(source: string): { code: unknown; errors: unknown[] };
  execute(props: Record<string, unknown>): { ctx: { render(): string }; errors: unknown[] };
}

/** A new reference compiler. */
export function referenceCompiler(): ReferenceCompiler {
  const require = createRequire(import.meta.url);
  const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
  return new Compiler();
}
