/** Timing helpers shared by the template benchmarks: fixed-count runs, interleaved rounds, medians. */

/** Seconds of this process's CPU time (user + system, all threads). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/**
 * Seconds taken by `count` calls of `fn`, as process CPU time: on a shared, oversubscribed machine wall time
 * mostly measures the scheduler, CPU time measures the work (garbage collection included).
 */
export function timeRuns(fn: () => void, count: number): number {
  const start = cpuSeconds();
  for (let i = 0; i < count; i++) fn();
  return cpuSeconds() - start;
}

/** Median of a non-empty list. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** One benchmarked operation: `run()` performs `ops` operations. */
export interface Contender {
  readonly name: string;
  readonly ops: number;
  readonly run: () => void;
}

/** Per-round rates (ops/sec, in round order) of interleaved contenders. */
export type RoundRates = Map<string, number[]>;

/** Per-round rates of the warm-up rounds and of the measured rounds. */
export interface InterleavedRates {
  /** Rates of the warm-up rounds: the first runs after compiling, while V8 is still optimizing. */
  readonly warmup: RoundRates;
  readonly measured: RoundRates;
}

/**
 * Runs the contenders in interleaved rounds (A B A B ...): `warmupRounds` rounds first, reported
 * apart, then `rounds` measured rounds; returns each one's ops/sec per round.
 */
export function interleaveWarm(contenders: readonly Contender[], rounds: number, warmupRounds: number): InterleavedRates {
  const run = (n: number): RoundRates => {
    const rates: RoundRates = new Map(contenders.map((c) => [c.name, []]));
    for (let r = 0; r < n; r++) {
      for (const c of contenders) rates.get(c.name)?.push(c.ops / timeRuns(c.run, 1));
    }
    return rates;
  };
  const warmup = run(warmupRounds);
  return { warmup, measured: run(rounds) };
}

/**
 * Ratios `a[i] / b[i]` of rounds run back to back: both sides of a pair ran under nearly the same
 * machine load, so their spread shows how far load moved the figures. Returns min, median, max.
 */
export function pairedRatios(a: readonly number[], b: readonly number[]): [number, number, number] {
  const r = a.map((x, i) => x / (b[i] as number)).sort((p, q) => p - q);
  return [r[0] as number, median(r), r[r.length - 1] as number];
}

/** `ours / reference` with the target verdict, e.g. `3.41x (target >= 3x: met)`. */
export function ratioLine(ours: number, ref: number, target: number): string {
  const ratio = ours / ref;
  return `${ratio.toFixed(2)}x (target >= ${target}x: ${ratio >= target ? 'met' : 'NOT met'})`;
}
