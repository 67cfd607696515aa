/** One load run against one endpoint. */
export interface LoadResult {
  /** Requests per second (completed responses of any status). */
  rps: number;
  /** Median latency in milliseconds. */
  p50: number;
  /** 99th-percentile latency in milliseconds. */
  p99: number;
  /** Responses outside 2xx plus transport errors. */
  failures: number;
  /** Responses counted. */
  total: number;
  /** Responses by HTTP status code. */
  statuses: Record<string, number>;
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at percentile `p` (0-100) of a sorted list, nearest-rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Per-field medians over several runs of the same endpoint. */
export function medianResult(runs: readonly LoadResult[]): LoadResult {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    total: runs.reduce((sum, r) => sum + r.total, 0),
    statuses: runs.reduce<Record<string, number>>((all, r) => {
      for (const [code, n] of Object.entries(r.statuses)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  };
}

/** Resident set size of a process in MB, from /proc (Linux); NaN elsewhere. */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
