import { useCallback } from 'react';
import { type UseQueryResult, useMutation as useTanstackMutation, useQueries as useTanstackQueries, useQuery as useTanstackQuery } from '@tanstack/react-query';
import { api } from './http.js';
import { invalidate, keyOf } from './query-cache.js';

/** One cached answer. */
export interface QueryState<T> {
  readonly status: 'loading' | 'success' | 'error';
  readonly data?: T;
  readonly error?: unknown;
  /** True while a fetch of an entry that already has data runs. */
  readonly refreshing: boolean;
}

/** The cached answer of `key`, fetched by `fetcher` when the key is new or invalidated. */
export function useCachedQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): QueryState<T> {
  return stateOf(useTanstackQuery({ queryKey: keyOf(key), queryFn: ({ signal }) => fetcher(signal) }));
}

function stateOf<T>(query: UseQueryResult<T>): QueryState<T> {
  const status = query.status === 'pending' ? 'loading' : query.status;
  return {
    status,
    data: query.data,
    error: query.error ?? undefined,
    refreshing: query.isFetching && query.data !== undefined,
  };
}

/** The cached answer of GET `path` (the path with its query is the cache key). */
export function useQuery<T>(path: string): QueryState<T> {
  return useCachedQuery<T>(path, (signal) => api<T>(path, { signal }));
}

/** The cached answers of GET each of `paths`, in order (fetched side by side). */
export function useQueryList<T>(paths: readonly string[]): QueryState<T>[] {
  const results = useTanstackQueries({
    queries: paths.map((path) => ({ queryKey: keyOf(path), queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(path, { signal }) })),
  });
  return results.map((result) => stateOf(result as UseQueryResult<T>));
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
  const mutation = useTanstackMutation<R, unknown, A>({
    mutationFn: change,
    onSuccess: () => {
      for (const prefix of invalidates) invalidate(prefix);
    },
  });
  const { mutateAsync, reset } = mutation;
  const run = useCallback((args: A) => mutateAsync(args).catch(() => undefined), [mutateAsync]);
  return { pending: mutation.isPending, error: mutation.error, run, reset };
}
