/**
 * The stages of building an uncached page, as the page handler passes through them (after the
 * site's resolution, before the bytes are sent), for
 * `npm run bench:cold`'s breakdown (bench/cold-breakdown.ts): the benchmark observes the real
 * route instead of repeating its steps. Without an observer (always, outside that benchmark)
 * {@link pageStage} only calls its function.
 */
export const PAGE_STAGES = ['site data and collections', 'page context builders', 'base context', 'theme context', 'JSON-T render'] as const;

export type PageStage = (typeof PAGE_STAGES)[number];

/** Told when a stage of a page starts and ends (stages never overlap within one request). */
export interface PageStageObserver {
  start(stage: PageStage): void;
  end(stage: PageStage): void;
}

let observer: PageStageObserver | undefined;

/** Sets (or with undefined, removes) the process's page stage observer. */
export function observePageStages(next: PageStageObserver | undefined): void {
  observer = next;
}

/** `fn()`, told to the observer as `stage`; a promise ends the stage when it settles. */
export function pageStage<T>(stage: PageStage, fn: () => T): T {
  const watching = observer;
  if (!watching) return fn();
  watching.start(stage);
  let result: T;
  try {
    result = fn();
  } catch (error) {
    watching.end(stage);
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => watching.end(stage)) as T;
  watching.end(stage);
  return result;
}
