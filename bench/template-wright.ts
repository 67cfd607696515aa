/**
 * Benchmark: renders the "wright" site page with our engine and with the
 * reference (@squarespace/template-engine, dev dependency) and compares
 * executions per second (interleaved rounds, medians).
 * Usage: `npx tsx bench/template-wright.ts [seconds-per-round] [rounds]`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Engine } from '../packages/template/src/index.js';

const DIR = join(import.meta.dirname, '..', '..', 'shared', 'bench', 'wright');
const seconds = Number(process.argv[2] ?? '1');
const rounds = Number(process.argv[3] ?? '5');
const source = readFileSync(join(DIR, 'wright.html'), 'utf8');
const json = JSON.parse(readFileSync(join(DIR, 'wright.json'), 'utf8')) as unknown;
const partials = JSON.parse(readFileSync(join(DIR, 'wright-partials.json'), 'utf8')) as Record<string, string>;

/** Runs fn repeatedly for about `secs` seconds after a warm-up; returns executions/sec. */
function measure(fn: () => void, secs: number): number {
  for (let i = 0; i < 200; i++) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(secs * 1e9));
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < 50; i++) fn();
    n += 50;
    elapsed = process.hrtime.bigint() - start;
  }
  return n / (Number(elapsed) / 1e9);
}

const engine = new Engine();
const { template, errors } = engine.compile(source);
if (errors.length) console.error('compile errors:', errors);
const ours = engine.render(template, { json, partials });
const oursRun = () => engine.render(template, { json, partials });

const require = createRequire(import.meta.url);
const ref = require('@squarespace/template-engine') as {
  Compiler: new () => {
    parse(s: string): { code: unknown };
    execute(p: Record<string, unknown>): { ctx: { render(): string }; errors: unknown[] };
  };
};
const compiler = new ref.Compiler();
const { code } = compiler.parse(source);
const refRun = () => compiler.execute({ code, json, partials, enableExpr: true, enableInclude: true });
const refOut = refRun().ctx.render();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const oursRates: number[] = [];
const refRates: number[] = [];
for (let r = 0; r < rounds; r++) {
  oursRates.push(measure(oursRun, seconds));
  refRates.push(measure(refRun, seconds));
}
const oursRate = median(oursRates);
const refRate = median(refRates);

console.log(`output: ours ${ours.output.length} chars, reference ${refOut.length} chars, identical: ${ours.output === refOut}`);
console.log(`rounds: ${rounds} interleaved x ${seconds} s each; medians below`);
console.log(`ours:      ${Math.round(oursRate)} executions/sec`);
console.log(`reference: ${Math.round(refRate)} executions/sec`);
console.log(`speed-up:  ${(oursRate / refRate).toFixed(2)}x`);
