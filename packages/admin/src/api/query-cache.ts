/**
 * Server state of the dashboard: one cache of answers keyed by a string (usually the call's
 * path with its query), shared by every screen and read with `useSyncExternalStore`. Entries
 * are fetched once, kept while the app runs and fetched again when invalidated.
 */

/** One cached answer. */
export interface QueryState<T> {
  readonly status: 'loading' | 'success' | 'error';
  readonly data?: T;
  readonly error?: unknown;
  /** True while a fetch of an entry that already has data runs. */
  readonly refreshing: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  fetcher: () => Promise<unknown>;
  generation: number;
}

const LOADING: QueryState<never> = Object.freeze({ status: 'loading', refreshing: false });

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to every change of the cache. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function run(key: string, entry: Entry): void {
  const generation = ++entry.generation;
  entry.state = entry.state.status === 'success' ? { ...entry.state, refreshing: true } : LOADING;
  entry.fetcher().then(
    (data) => {
      if (entry.generation !== generation) return;
      entry.state = { status: 'success', data, refreshing: false };
      notify();
    },
    (error: unknown) => {
      if (entry.generation !== generation) return;
      entry.state = { status: 'error', error, data: entry.state.data, refreshing: false };
      notify();
    },
  );
  if (entries.get(key) !== entry) entries.set(key, entry);
}

/** The state of `key`, starting its fetch when the key is new. */
export function ensure<T>(key: string, fetcher: () => Promise<T>): QueryState<T> {
  let entry = entries.get(key);
  if (!entry) {
    entry = { state: LOADING, fetcher, generation: 0 };
    entries.set(key, entry);
    run(key, entry);
  } else {
    entry.fetcher = fetcher;
  }
  return entry.state as QueryState<T>;
}

/** Current state of `key` without fetching (loading when unknown). */
export function peek<T>(key: string): QueryState<T> {
  return (entries.get(key)?.state ?? LOADING) as QueryState<T>;
}

/** Fetches again every entry whose key starts with `prefix` (after a change on the server). */
export function invalidate(prefix: string): void {
  for (const [key, entry] of entries) if (key.startsWith(prefix)) run(key, entry);
  notify();
}

/** Replaces the data of `key` (an answer the server already gave, e.g. after a save). */
export function setData<T>(key: string, data: T): void {
  const entry = entries.get(key);
  if (entry) {
    entry.generation++;
    entry.state = { status: 'success', data, refreshing: false };
  }
  notify();
}

/** Forgets every entry (after signing out, so the next owner sees nothing of the last). */
export function clearAll(): void {
  entries.clear();
  notify();
}
