import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './stats.js';

/** True when the `wrk` binary is on PATH. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== undefined && (error as { code?: string }).code !== 'ENOENT';
  }
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 'ms') return n;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  throw new Error(`wrk: unknown latency unit '${unit}'`);
}

/** Reads wrk's `--latency` report. Throws when a figure is missing. */
export function parseWrk(output: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const total = /(\d+) requests in/.exec(output);
  if (!rps || !p50 || !p99 || !total) throw new Error(`wrk: cannot read its report:\n${output}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const statuses: Record<string, number> = {};
  for (const [, code, n] of output.matchAll(/^status (\d+) (\d+)$/gm)) statuses[code!] = (statuses[code!] ?? 0) + Number(n);
  return {
    rps: Number(rps[1]),
    p50: toMs(p50[1]!, p50[2]!),
    p99: toMs(p99[1]!, p99[2]!),
    failures: (non2xx ? Number(non2xx[1]) : 0) + errors,
    total: Number(total[1]),
    statuses,
  };
}

/**
 * `Host` in wrk's own spelling: wrk replaces its default Host header only when the name matches
 * exactly, and a lower-case `host` would be sent as a second Host header that servers ignore.
 */
function headerCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

const STATUS_SCRIPT = fileURLToPath(new URL('./wrk-status.lua', import.meta.url));

/** Runs `wrk --latency` (1 thread, counting statuses) against a GET URL with extra headers. */
export function runWrk(url: string, headers: Record<string, string>, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', STATUS_SCRIPT];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${headerCase(name)}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (options.seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      try {
        resolve(parseWrk(stdout));
      } catch (parseError) {
        reject(parseError);
      }
    });
  });
}
