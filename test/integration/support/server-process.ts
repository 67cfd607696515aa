import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (where `packages/` lives). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const CLI = join(REPO_ROOT, 'packages', 'server', 'src', 'cli.ts');
const COMPILED_CLI = join(REPO_ROOT, 'packages', 'server', 'dist', 'cli.js');
const LISTENING = /Emporium listening on http:\/\/(?:\[[^\]]*\]|[^:\s]+):(\d+)/;

/** A running `emporium` server in its own process. */
export interface ServerProcess {
  /** Operating-system process id of the node process. */
  readonly pid: number;
  /** TCP port it listens on. */
  readonly port: number;
  /** Everything the process wrote so far (stdout and stderr interleaved). */
  output(): string;
  /** Sends SIGTERM and waits for exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** Extra environment (merged over the parent's; LOG_LEVEL defaults to `warn`). */
  env?: Record<string, string | undefined>;
  /** Give up after this long without the "listening" line (default 60 s). */
  timeoutMs?: number;
  /** Extra node flags placed before `--import tsx` (e.g. `--max-old-space-size=512`). */
  nodeArgs?: string[];
  /** Run the compiled server (`dist/cli.js`, what `npm start` runs; see {@link buildServer}) instead of the source through tsx. */
  compiled?: boolean;
}

/** Compiles the server as `npm start` does (`dist/cli.js`), for runs with `compiled: true`. */
export async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'packages', 'server', 'scripts', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`server build exited with ${code}`);
}

function nodeArguments(options: StartServerOptions, args: string[]): string[] {
  const entry = options.compiled ? ['--enable-source-maps', COMPILED_CLI] : ['--import', 'tsx', CLI];
  return [...(options.nodeArgs ?? []), ...entry, ...args];
}

function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs `emporium <args>` to completion; rejects with its output when it exits non-zero. */
export async function runCli(args: string[], options: StartServerOptions = {}): Promise<string> {
  const child = spawn(process.execPath, nodeArguments(options, args), {
    cwd: REPO_ROOT,
    env: childEnv(options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`emporium ${args.join(' ')} timed out:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new Error(`emporium ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}

/**
 * Starts `emporium serve --port 0` (a free port chosen by the OS) as a child process and
 * resolves once it prints its listening line.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArguments(options, ['serve', '--port', '0']), {
    cwd: REPO_ROOT,
    env: childEnv(options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`emporium serve did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`emporium serve exited early (code ${code}, signal ${signal}):\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    port,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = waitForExit(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
