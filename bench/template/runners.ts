/**
 * Per-engine runners for the template benchmarks: compile each case once, then closures that execute one case
 * or compile all. Both engines in one process (the shared-process mode); a child process of the
 * one-process-per-engine mode loads only its engine's runner (`runnerFor`).
 */
import type { BenchCase } from './corpus.js';
import type { EngineName, Runner } from './runner-common.js';

export { flat, NOW, type EngineName, type Runner } from './runner-common.js';

/** Both engines in this process, the reference given our runner's CLDR instances. */
export async function bothRunners(cases: readonly BenchCase[]): Promise<{ ours: Runner; ref: Runner }> {
  const [{ oursRunner, cldr }, { referenceRunner }] = await Promise.all([import('./runner-ours.js'), import('./runner-ref.js')]);
  return { ours: oursRunner(cases), ref: referenceRunner(cases, cldr) };
}

/** The runner of the named engine; imports that engine only. */
export async function runnerFor(name: EngineName, cases: readonly BenchCase[]): Promise<Runner> {
  if (name === 'ours') return (await import('./runner-ours.js')).oursRunner(cases);
  return (await import('./runner-ref.js')).referenceRunner(cases);
}
