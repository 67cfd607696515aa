/**
 * Command line: `render FILE`, `check DIR...`, `bench DIR --iterations N`.
 * Node-only (reads files); the engine itself has no Node dependencies.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from './engine.js';
import { formatError } from './errors.js';
import { caseInputs, parseCaseFile } from './case-file.js';
import { isTreeCase, runCase } from './run-case.js';
import { nodeCldrProvider } from './cldr/node.js';

const USAGE = `usage:
  emporium-template render FILE [--json FILE] [--locale ID]
  emporium-template check DIR|FILE...
  emporium-template bench DIR|FILE... [--iterations N]`;

function caseFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else if (/\.(html|txt)$/.test(p)) out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

function render(args: string[], engine: Engine): number {
  const jsonFile = option(args, '--json');
  const locale = option(args, '--locale');
  const file = args[0];
  if (!file) throw new Error('render: missing FILE');
  const text = readFileSync(file, 'utf8');
  const sections = parseCaseFile(text);
  let result;
  if (sections['TEMPLATE'] !== undefined && !jsonFile) {
    const input = caseInputs(sections);
    result = engine.render(input.template, {
      json: input.json,
      partials: input.partials,
      injects: input.injects,
      locale: locale ?? input.locale,
      ...(input.now !== undefined ? { now: input.now } : {}),
    });
  } else {
    result = engine.render(text, { ...(jsonFile ? { jsonText: readFileSync(jsonFile, 'utf8') } : { json: {} }), ...(locale ? { locale } : {}) });
  }
  process.stdout.write(result.output);
  if (!result.output.endsWith('\n')) process.stdout.write('\n');
  for (const e of result.errors) process.stderr.write(formatError(e) + '\n');
  return 0;
}

function check(args: string[], engine: Engine): number {
  if (!args.length) throw new Error('check: missing DIR');
  let passed = 0;
  let failed = 0;
  for (const file of caseFiles(args)) {
    let r;
    try {
      r = runCase(engine, file, readFileSync(file, 'utf8'));
    } catch (e) {
      failed++;
      process.stdout.write(`FAIL ${file}: ${(e as Error).message}\n`);
      continue;
    }
    if (r.kind === 'skip') continue;
    if (r.pass) passed++;
    else {
      failed++;
      process.stdout.write(`FAIL ${file}\n`);
      for (const e of r.errors) process.stdout.write(`  ${e}\n`);
      process.stdout.write(`  expected: ${JSON.stringify(r.expected).slice(0, 400)}\n`);
      process.stdout.write(`  actual:   ${JSON.stringify(r.actual).slice(0, 400)}\n`);
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed ? 1 : 0;
}

function bench(args: string[], engine: Engine): number {
  const iterations = Number(option(args, '--iterations') ?? '100');
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error('bench: --iterations must be a positive integer');
  const jobs = [];
  for (const file of caseFiles(args)) {
    if (isTreeCase(file)) continue;
    const sections = parseCaseFile(readFileSync(file, 'utf8'));
    if (sections['TEMPLATE'] === undefined || sections['OUTPUT'] === undefined) continue;
    const input = caseInputs(sections);
    const { template } = engine.compile(input.template);
    const opts = {
      json: input.json,
      partials: input.partials,
      injects: input.injects,
      locale: input.locale,
      ...(input.now !== undefined ? { now: input.now } : {}),
    };
    engine.render(template, opts);
    jobs.push({ template, opts });
  }
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) for (const job of jobs) engine.render(job.template, job.opts);
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  const total = iterations * jobs.length;
  process.stdout.write(
    `${jobs.length} cases x ${iterations} iterations = ${total} executions in ${secs.toFixed(3)} s: ${Math.round(total / secs)} executions/sec\n`,
  );
  return 0;
}

/** Entry point; returns the process exit code. */
export function main(argv: string[]): number {
  const [cmd, ...args] = argv;
  const engine = new Engine({ cldr: nodeCldrProvider() });
  try {
    switch (cmd) {
      case 'render':
        return render(args, engine);
      case 'check':
        return check(args, engine);
      case 'bench':
        return bench(args, engine);
      default:
        process.stderr.write(USAGE + '\n');
        return 2;
    }
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
}

if (process.argv[1] && /cli\.ts$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
