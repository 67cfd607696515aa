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

function clocked(reports: readonly ChildReport[], part: 'wright' | 'corpus'): Clocked {
  type Key = 'wallPerSecond' | 'cpuPerSecond' | 'mainPerSecond';
  const pick = (engine: EngineName, key: Key): number[] =>
    reports
      .filter((r) => r.engine === engine)
      .flatMap((r) => {
        const rate = (r[part] as PartRates)[key];
        return rate === undefined ? [] : [rate];
      });
  const figures = (key: Key): ProcessFigures => {
    const oursRounds = pick('ours', key);
    const refRounds = pick('ref', key);
    return { ours: oursRounds.length ? median(oursRounds) : NaN, ref: refRounds.length ? median(refRounds) : NaN, oursRounds, refRounds };
  };
  return { wall: figures('wallPerSecond'), cpu: figures('cpuPerSecond'), main: figures('mainPerSecond') };
}

function mainWait(reports: readonly ChildReport[], part: 'wright' | 'corpus'): MainWait {
  const of = (engine: EngineName): number => {
    const waits: number[] = [];
    for (const r of reports) {
      const ms = r.engine === engine ? (r[part] as PartRates).mainWaitMs : undefined;
      if (ms !== undefined) waits.push(ms);
    }
    return waits.length ? median(waits) : NaN;
  };
  return { ours: of('ours'), ref: of('ref') };
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
