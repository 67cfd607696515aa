import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the dashboard: one TanStack Query client shared by every screen. Each answer
 * is keyed by a single string (usually the call's path with its query), fetched once, kept while
 * the app runs and fetched again when invalidated. Failures are not retried: the screen shows the
 * server's message and the owner decides.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The query key of a cache key string. */
export function keyOf(key: string): readonly [string] {
  return [key];
}

function startsWith(prefix: string) {
  return (query: { queryKey: readonly unknown[] }) => {
    const first = query.queryKey[0];
    return typeof first === 'string' && first.startsWith(prefix);
  };
}

/** Fetches again every entry whose key starts with `prefix` (after a change on the server). */
export function invalidate(prefix: string): void {
  void queryClient.invalidateQueries({ predicate: startsWith(prefix) });
}

/** Replaces the data of `key` (an answer the server already gave, e.g. after a save). */
export function setData<T>(key: string, data: T): void {
  queryClient.setQueryData<T>(keyOf(key), data);
}

/**
 * Stops every fetch in flight (so an answer of the last session cannot land afterwards) and
 * forgets every entry but `keep` (after signing in or out, so the next owner sees nothing of
 * the last).
 */
export function clearAll(keep?: string): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== keep });
}
