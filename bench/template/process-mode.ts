/** The one-process-per-engine mode of the template benchmark: runs `child.ts` per engine and round, interleaved. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ChildReport, PartRates } from './child.js';
import type { EngineName } from './runner-common.js';
import { median } from './measure.js';

const CHILD = join(import.meta.dirname, 'child.ts');

/** Medians of the per-round rates of one part and clock. */
export interface ProcessFigures {
  readonly ours: number;
  readonly ref: number;
  readonly oursRounds: readonly number[];
  readonly refRounds: readonly number[];
}

/** Wall time, the child's CPU time (all threads) and its main thread's CPU time (Linux; empty rounds elsewhere). */
type Clocked = Record<'wall' | 'cpu' | 'main', ProcessFigures>;

/** Medians of the milliseconds a child's main thread waited for a CPU in its timed window (Linux; NaN elsewhere). */
export interface MainWait {
  readonly ours: number;
  readonly ref: number;
}

/** Figures of both parts, by clock (wall time, CPU time of the child, CPU time of its main thread), and the main thread's waits. */
export interface ProcessResult {
  readonly wright: Clocked;
  readonly corpus: Clocked;
  readonly wait: { readonly wright: MainWait; readonly corpus: MainWait };
}

/** Runs one child (same Node flags as this process, so under tsx too) and returns its report. */
function runChild(engine: EngineName, args: readonly string[]): ChildReport {
  const r = spawnSync(process.execPath, [...process.execArgv, CHILD, '--engine', engine, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`child ${engine} failed (${r.status}): ${r.stderr}`);
  const last = r.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as ChildReport;
}

type Part = 'wright' | 'corpus';

/** One figure of one engine's children, round by round (rounds without it, e.g. off Linux, left out). */
function roundsOf(reports: readonly ChildReport[], part: Part, engine: EngineName, key: Exclude<keyof PartRates, 'executions'>): number[] {
  const out: number[] = [];
  for (const r of reports) {
    const value = r.engine === engine ? (r[part] as PartRates)[key] : undefined;
    if (value !== undefined) out.push(value);
  }
  return out;
}

const medianOrNaN = (xs: readonly number[]): number => (xs.length ? median(xs) : NaN);

function clocked(reports: readonly ChildReport[], part: Part): Clocked {
  const figures = (key: 'wallPerSecond' | 'cpuPerSecond' | 'mainPerSecond'): ProcessFigures => {
    const oursRounds = roundsOf(reports, part, 'ours', key);
    const refRounds = roundsOf(reports, part, 'ref', key);
    return { ours: medianOrNaN(oursRounds), ref: medianOrNaN(refRounds), oursRounds, refRounds };
  };
  return { wall: figures('wallPerSecond'), cpu: figures('cpuPerSecond'), main: figures('mainPerSecond') };
}

function mainWait(reports: readonly ChildReport[], part: Part): MainWait {
  return { ours: medianOrNaN(roundsOf(reports, part, 'ours', 'mainWaitMs')), ref: medianOrNaN(roundsOf(reports, part, 'ref', 'mainWaitMs')) };
}

/** `rounds` rounds of one child per engine (ours, then reference), passing `args` to each child. */
export function processRounds(rounds: number, args: readonly string[]): ProcessResult {
  const reports: ChildReport[] = [];
  for (let i = 0; i < rounds; i++) for (const engine of ['ours', 'ref'] as const) reports.push(runChild(engine, args));
  return {
    wright: clocked(reports, 'wright'),
    corpus: clocked(reports, 'corpus'),
    wait: { wright: mainWait(reports, 'wright'), corpus: mainWait(reports, 'corpus') },
  };
}
