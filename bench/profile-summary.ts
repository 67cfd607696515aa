import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = `Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top N] [--filter TEXT]

Summarises a V8 CPU profile (node --cpu-prof): self and inclusive milliseconds per function
(name, file:line), counting a function once per sample even when it recurses. --filter keeps
rows whose file contains TEXT (e.g. packages/ for our code). --self sorts by self time.`;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Time attributed to one function. */
export interface FunctionCost {
  key: string;
  selfMs: number;
  totalMs: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function frameKey(frame: CallFrame): string {
  const file = frame.url.startsWith('file://') ? relative(ROOT, fileURLToPath(frame.url)) : frame.url || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** Self and inclusive time per function of a CPU profile, most inclusive first. */
export function summariseProfile(profile: CpuProfile): FunctionCost[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const costs = new Map<string, FunctionCost>();
  const cost = (key: string) => {
    let entry = costs.get(key);
    if (!entry) costs.set(key, (entry = { key, selfMs: 0, totalMs: 0 }));
    return entry;
  };
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (!leaf) return;
    cost(frameKey(leaf.callFrame)).selfMs += ms;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frameKey(byId.get(at)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      cost(key).totalMs += ms;
    }
  });
  return [...costs.values()].sort((a, b) => b.totalMs - a.totalMs);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--top' && args[args.indexOf(a) - 1] !== '--filter');
  if (!file || args.includes('--help')) {
    console.log(USAGE);
    if (!file) process.exitCode = 2;
    return;
  }
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 40;
  const filterAt = args.indexOf('--filter');
  const filter = filterAt >= 0 ? args[filterAt + 1] : undefined;
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const rows = summariseProfile(profile);
  if (args.includes('--self')) rows.sort((a, b) => b.selfMs - a.selfMs);
  const totalMs = profile.timeDeltas.reduce((sum, d) => sum + d, 0) / 1000;
  console.log(`profile: ${file}, ${totalMs.toFixed(0)} ms sampled`);
  const shown = rows.filter((r) => !filter || r.key.includes(filter)).slice(0, top);
  console.log('| function file:line | self ms | inclusive ms | inclusive % |');
  console.log('|---|---:|---:|---:|');
  for (const r of shown) console.log(`| ${r.key} | ${r.selfMs.toFixed(1)} | ${r.totalMs.toFixed(1)} | ${((100 * r.totalMs) / totalMs).toFixed(1)} |`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
