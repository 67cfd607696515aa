/**
 * One engine alone in this process (only that engine's modules are loaded): compiles the Wright page and the corpus, warms up, then times N executions
 * of Wright and P passes over the corpus, and prints one JSON line of rates (executions per second of wall time,
 * of this process's CPU time, and, on Linux, of the main thread's CPU time, with the time the main thread waited
 * for a CPU: the process's CPU time also counts V8's background threads, which compile optimized code and help
 * the garbage collector, and on a machine with fewer cores than busy threads they take turns with the main
 * thread). Run by `bench/template.ts` for its one-process-per-engine mode, and on its own (under callgrind,
 * say): `npx tsx bench/template/child.ts --engine ours|ref [--wright N] [--corpus P] [--wright-warmup W]
 * [--corpus-warmup Q]`; 0 skips a part.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus, loadWright } from './corpus.js';
import { runnerFor, type EngineName } from './runners.js';
import { intOption } from './options.js';

const SHARED = join(import.meta.dirname, '..', '..', '..', 'shared');

/** Rates of one timed part. */
export interface PartRates {
  readonly executions: number;
  readonly wallPerSecond: number;
  readonly cpuPerSecond: number;
  /** Per second of the main thread's CPU time (Linux; absent elsewhere). */
  readonly mainPerSecond?: number;
  /** Milliseconds the main thread was ready to run but waited for a CPU (Linux; absent elsewhere). */
  readonly mainWaitMs?: number;
}

/** What the child prints (one JSON line). */
export interface ChildReport {
  engine: EngineName;
  wright?: PartRates;
  corpus?: PartRates;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/**
 * Seconds the calling (main) thread has run on a CPU and has waited, ready, for one, from
 * `/proc/thread-self/schedstat`; undefined where there is none.
 */
function threadSeconds(): { run: number; wait: number } | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { run: Number(run) / 1e9, wait: Number(wait) / 1e9 };
  } catch {
    return undefined;
  }
}

function timed(run: () => void, executions: number): PartRates {
  const main = threadSeconds();
  const cpu = cpuSeconds();
  const wall = process.hrtime.bigint();
  run();
  const wallSeconds = Number(process.hrtime.bigint() - wall) / 1e9;
  const cpuPerSecond = executions / (cpuSeconds() - cpu);
  const mainEnd = threadSeconds();
  const rates = { executions, wallPerSecond: executions / wallSeconds, cpuPerSecond };
  if (main === undefined || mainEnd === undefined) return rates;
  return { ...rates, mainPerSecond: executions / (mainEnd.run - main.run), mainWaitMs: (mainEnd.wait - main.wait) * 1000 };
}

function passes(fns: readonly (() => unknown)[], n: number): () => void {
  return () => {
    for (let i = 0; i < n; i++) for (const f of fns) f();
  };
}

const engineArg = process.argv[process.argv.indexOf('--engine') + 1];
if (engineArg !== 'ours' && engineArg !== 'ref') throw new Error('--engine must be ours or ref');
const wrightN = intOption('--wright', 5000, 0);
const corpusP = intOption('--corpus', 100, 0);
const wrightWarmup = intOption('--wright-warmup', 500, 0);
const corpusWarmup = intOption('--corpus-warmup', 10, 0);

const report: ChildReport = { engine: engineArg };
if (wrightN > 0) {
  const wright = (await runnerFor(engineArg, [loadWright(join(SHARED, 'bench', 'wright'))])).execute;
  passes(wright, wrightWarmup)();
  report.wright = timed(passes(wright, wrightN), wrightN);
}
if (corpusP > 0) {
  const corpus = (await runnerFor(engineArg, loadCorpus(join(SHARED, 'conformance', 'template-engine')))).execute;
  passes(corpus, corpusWarmup)();
  report.corpus = timed(passes(corpus, corpusP), corpusP * corpus.length);
}
console.log(JSON.stringify(report));
