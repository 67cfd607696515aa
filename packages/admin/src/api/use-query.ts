import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { api } from './http.js';
import { ensure, invalidate, peek, subscribe, type QueryState } from './query-cache.js';

/** The cached answer of GET `path` (the path with its query is the cache key). */
export function useQuery<T>(path: string): QueryState<T> {
  const fetcher = useCallback(() => api<T>(path), [path]);
  useEffect(() => {
    ensure(path, fetcher);
  }, [path, fetcher]);
  return useSyncExternalStore(subscribe, () => peek<T>(path));
}

/** A change sent to the server: its pending flag, last error, and a runner. */
export interface Mutation<A, R> {
  readonly pending: boolean;
  readonly error: unknown;
  run: (args: A) => Promise<R | undefined>;
  reset: () => void;
}

/**
 * Runs a change; while it runs `pending` is true, a failure lands in `error` (and resolves
 * undefined). Afterwards the cache entries under each of `invalidates` are fetched again.
 */
export function useMutation<A, R>(change: (args: A) => Promise<R>, invalidates: readonly string[] = []): Mutation<A, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const key = invalidates.join('\n');
  const run = useCallback(
    async (args: A) => {
      setPending(true);
      setError(null);
      try {
        const result = await change(args);
        for (const prefix of key ? key.split('\n') : []) invalidate(prefix);
        return result;
      } catch (caught) {
        setError(caught);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [change, key],
  );
  const reset = useCallback(() => setError(null), []);
  return { pending, error, run, reset };
}
