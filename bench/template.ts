/**
 * Benchmark: our template engine against the reference (`@squarespace/template-engine`, dev dependency) on the
 * whole conformance corpus and on the Wright site page, two ways:
 *
 * - shared process: both engines in this process, interleaved rounds (ours, reference, ours, ...), medians of
 *   executions/sec and compiles/sec and the spread of the ratios of back-to-back rounds; warm-up rounds run
 *   first and are reported apart (V8 still optimizing both engines);
 * - one process per engine: a child process per engine and round (`bench/template/child.ts`: compile, warm up,
 *   time N executions of Wright and P passes over the corpus), run ours, reference, ours, ..., medians and ratios
 *   of wall time and of the child's CPU time (the targets), then of its main thread's CPU time alone (a diagnostic:
 *   the CPU time also counts V8's background compiler and GC threads).
 *
 * Usage: `npx tsx bench/template.ts [--iterations N] [--compile-iterations M] [--rounds R] [--warmup W]
 * [--process-rounds K] [--wright-executions E] [--corpus-passes P] [--mode shared|process|both]`.
 */
import { join } from 'node:path';
import { loadCorpus, loadWright, type BenchCase } from './template/corpus.js';
import { interleaveWarm, median, pairedRatios, ratioLine, type RoundRates } from './template/measure.js';
import { intOption } from './template/options.js';
import { processRounds, type MainWait, type ProcessFigures } from './template/process-mode.js';
import { bothRunners } from './template/runners.js';

const SHARED = join(import.meta.dirname, '..', '..', 'shared');
const EXEC_TARGET = 3;
const COMPILE_TARGET = 2;

const iterations = intOption('--iterations', 100);
const compileIterations = intOption('--compile-iterations', 400);
const rounds = intOption('--rounds', 7);
const warmupRounds = intOption('--warmup', 2);
const childRounds = intOption('--process-rounds', 3);
const wrightExecutions = intOption('--wright-executions', 5000);
const corpusPasses = intOption('--corpus-passes', 100);
const modeIndex = process.argv.indexOf('--mode');
const mode = modeIndex === -1 ? 'both' : process.argv[modeIndex + 1];
if (mode !== 'shared' && mode !== 'process' && mode !== 'both') throw new Error('--mode must be shared, process or both');

/** Median rates, their ratio with the target verdict, and the spread of the per-round-pair ratios. */
function figures(rates: RoundRates, target: number): string {
  const ours = rates.get('ours') as number[];
  const ref = rates.get('ref') as number[];
  const [o, r] = [median(ours), median(ref)];
  const [lo, mid, hi] = pairedRatios(ours, ref).map((x) => x.toFixed(2));
  return `ours ${Math.round(o)}/s  reference ${Math.round(r)}/s  ratio ${ratioLine(o, r, target)}; per-round pairs ${lo}-${hi}x, median ${mid}x`;
}

/** The first warm-up round's ratio: the first executions after compiling, before V8 has optimized either engine. */
function firstRound(rates: RoundRates): string {
  const o = (rates.get('ours') as number[])[0] as number;
  const r = (rates.get('ref') as number[])[0] as number;
  return `ours ${Math.round(o)}/s  reference ${Math.round(r)}/s  ratio ${(o / r).toFixed(2)}x`;
}

function repeat(fns: readonly (() => unknown)[], n: number): () => void {
  return () => {
    for (let i = 0; i < n; i++) for (const f of fns) f();
  };
}

async function report(title: string, cases: readonly BenchCase[], execN: number, compileN: number): Promise<void> {
  const { ours, ref } = await bothRunners(cases);
  const exec = interleaveWarm(
    [
      { name: 'ours', ops: execN * cases.length, run: repeat(ours.execute, execN) },
      { name: 'ref', ops: execN * cases.length, run: repeat(ref.execute, execN) },
    ],
    rounds,
    warmupRounds,
  );
  const comp = interleaveWarm(
    [
      { name: 'ours', ops: compileN * cases.length, run: repeat([ours.compileAll], compileN) },
      { name: 'ref', ops: compileN * cases.length, run: repeat([ref.compileAll], compileN) },
    ],
    rounds,
    warmupRounds,
  );
  console.log(`\n== ${title}: ${cases.length} template(s); ${execN} executions and ${compileN} compiles of each per round`);
  console.log(`execution  ${figures(exec.measured, EXEC_TARGET)}`);
  console.log(`compile    ${figures(comp.measured, COMPILE_TARGET)}`);
  console.log(`first warm-up round (V8 still optimizing): execution ${firstRound(exec.warmup)}; compile ${firstRound(comp.warmup)}`);
  const same = ours.execute.filter((f, i) => f() === ref.execute[i]!()).length;
  if (cases.length === 1) console.log(`output     ours ${ours.execute[0]!().length} chars, identical: ${same === 1}`);
  else console.log(`output     identical in ${same} of ${cases.length} cases`);
}

function processLine(f: ProcessFigures, verdict = true): string {
  const rates = (xs: readonly number[]) => xs.map((x) => Math.round(x)).join(', ');
  const ratio = verdict ? ratioLine(f.ours, f.ref, EXEC_TARGET) : `${(f.ours / f.ref).toFixed(2)}x`;
  return `ours ${Math.round(f.ours)}/s [${rates(f.oursRounds)}]  reference ${Math.round(f.ref)}/s [${rates(f.refRounds)}]  ratio ${ratio}`;
}

console.log(`template engine vs @squarespace/template-engine (Node ${process.version})`);
console.log('caveat: shared machine, 2 cores used by other sessions; figures vary from run to run');
if (mode !== 'process') {
  console.log(`\n# shared process: ${warmupRounds} warm-up and ${rounds} measured interleaved rounds, medians, per second of CPU time`);
  await report('conformance corpus', loadCorpus(join(SHARED, 'conformance', 'template-engine')), iterations, compileIterations);
  await report('Wright page (149 KB context)', [loadWright(join(SHARED, 'bench', 'wright'))], iterations * 40, compileIterations * 5);
}
if (mode !== 'shared') {
  console.log(
    `\n# one process per engine: ${childRounds} rounds (ours, reference, ...), each child ${wrightExecutions} Wright executions and ${corpusPasses} corpus passes after warming up; medians`,
  );
  const result = processRounds(childRounds, ['--wright', String(wrightExecutions), '--corpus', String(corpusPasses)]);
  for (const clock of ['wall', 'cpu'] as const) {
    console.log(`Wright execution, ${clock} time  ${processLine(result.wright[clock])}`);
    console.log(`corpus execution, ${clock} time  ${processLine(result.corpus[clock])}`);
  }
  // Not a target figure: the main thread alone, without V8's background compiler and GC helpers (which the CPU time counts).
  if (result.corpus.main.oursRounds.length) {
    console.log("diagnostic, not a target: the main thread's CPU time alone (the CPU time above also counts V8's background compiler and GC threads)");
    console.log(`Wright execution, main thread  ${processLine(result.wright.main, false)}`);
    console.log(`corpus execution, main thread  ${processLine(result.corpus.main, false)}`);
    // Why wall time can exceed the main thread's CPU time: V8's background threads (optimizing compiler, GC helpers) outnumbering the cores.
    const waited = (w: MainWait) => `ours ${w.ours.toFixed(1)} ms, reference ${w.ref.toFixed(1)} ms`;
    console.log(`main thread waiting for a CPU in the timed window (medians): Wright ${waited(result.wait.wright)}; corpus ${waited(result.wait.corpus)}`);
  }
}
