/** What both engines' bench runners share: the runner shape, the fixed "now", output flattening. */

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
