/**
 * Benchmark: our template engine against the reference (`@squarespace/template-engine`, dev dependency) in one
 * process, on the whole conformance corpus and on the Wright site page. Executions/sec and compiles/sec per
 * engine, interleaved rounds (ours, reference, ours, ...), medians, and the spread of the ratios of back-to-back rounds.
 * Warm-up rounds run first and are reported apart: they show the first executions after a compile, while V8
 * is still optimizing both engines; the measured rounds show a long-running server.
 * Usage: `npx tsx bench/template.ts [--iterations N] [--compile-iterations M] [--rounds R] [--warmup W]`.
 */
import { join } from 'node:path';
import { Engine } from '../packages/template/src/index';
import { nodeCldrProvider } from '../packages/template/src/cldr/node';
import { loadCorpus, loadWright, type BenchCase } from './template/corpus';
import { interleaveWarm, median, pairedRatios, ratioLine, type RoundRates } from './template/measure';
import { referenceCompiler } from './template/reference';

const SHARED = join(import.meta.dirname, '..', '..', 'shared');
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const EXEC_TARGET = 3;
const COMPILE_TARGET = 2;

function intOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
}

const iterations = intOption('--iterations', 100);
const compileIterations = intOption('--compile-iterations', 400);
const rounds = intOption('--rounds', 7);
const warmupRounds = intOption('--warmup', 2);

const cldr = nodeCldrProvider();
const engine = new Engine({ cldr });
const ref = referenceCompiler();

/** Compiles each case once per engine and returns closures that execute one case, and that compile all sources. */
function prepare(cases: readonly BenchCase[]) {
  const ours = cases.map((c) => {
    const { template } = engine.compile(c.source);
    const opts = { json: c.json, partials: c.partials, injects: c.injects, locale: c.locale, now: c.now ?? NOW };
    return () => flat(engine.render(template, opts).output);
  });
  const theirs = cases.map((c) => {
    const { code } = ref.parse(c.source);
    const props = { code, json: c.refJson, partials: c.partials, injects: c.refInjects, cldr: cldr(c.locale), now: c.now ?? NOW, enableExpr: true, enableInclude: true };
    return () => flat(ref.execute(props).ctx.render());
  });
  return {
    ours,
    theirs,
    compileOurs: () => { for (const c of cases) engine.compile(c.source); },
    compileTheirs: () => { for (const c of cases) ref.parse(c.source); },
  };
}

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

/** Reads a character so that an output built by concatenation is flattened, as writing it out would. */
function flat(out: string): string {
  if (out.length) out.charCodeAt(out.length >> 1);
  return out;
}

function repeat(fns: readonly (() => unknown)[], n: number): () => void {
  return () => { for (let i = 0; i < n; i++) for (const f of fns) f(); };
}

function report(title: string, cases: readonly BenchCase[], execN: number, compileN: number): void {
  const p = prepare(cases);
  const exec = interleaveWarm([
    { name: 'ours', ops: execN * cases.length, run: repeat(p.ours, execN) },
    { name: 'ref', ops: execN * cases.length, run: repeat(p.theirs, execN) },
  ], rounds, warmupRounds);
  const comp = interleaveWarm([
    { name: 'ours', ops: compileN * cases.length, run: repeat([p.compileOurs], compileN) },
    { name: 'ref', ops: compileN * cases.length, run: repeat([p.compileTheirs], compileN) },
  ], rounds, warmupRounds);
  console.log(`\n== ${title}: ${cases.length} template(s); ${execN} executions and ${compileN} compiles of each per round`);
  console.log(`execution  ${figures(exec.measured, EXEC_TARGET)}`);
  console.log(`compile    ${figures(comp.measured, COMPILE_TARGET)}`);
  console.log(`first warm-up round (V8 still optimizing): execution ${firstRound(exec.warmup)}; compile ${firstRound(comp.warmup)}`);
  if (cases.length === 1) {
    const a = p.ours[0]!();
    const b = p.theirs[0]!();
    console.log(`output     ours ${a.length} chars, reference ${b.length} chars, identical: ${a === b}`);
  } else {
    const same = p.ours.filter((f, i) => f() === p.theirs[i]!()).length;
    console.log(`output     identical in ${same} of ${cases.length} cases`);
  }
}

console.log(`template engine vs @squarespace/template-engine (Node ${process.version}); ${warmupRounds} warm-up and ${rounds} measured interleaved rounds, medians`);
console.log('caveat: shared machine, 2 cores used by other sessions; rates are per second of this process\'s CPU time and still vary from run to run');
report('conformance corpus', loadCorpus(join(SHARED, 'conformance', 'template-engine')), iterations, compileIterations);
report('Wright page (149 KB context)', [loadWright(join(SHARED, 'bench', 'wright'))], iterations * 40, compileIterations * 5);
