/** Engine-internal context features used by the core family (apply, format, iter). */
import type { PluginContext } from '../../plugin-api.js';

/** Implemented by the executor; plugins fall back to the public API when absent. */
export interface CoreContext extends PluginContext {
  /** Runs a partial or macro in a new frame; `isPrivate` blocks lookups past it. */
  applyPartial(name: string, value: unknown, args: unknown, isPrivate: boolean): string | undefined;
  /** Resolves a path starting one frame below the formatter's own frame. */
  resolveOuter(path: readonly (string | number)[]): unknown;
}

/** Narrows a context to the internal interface when the executor provides it. */
export function core(ctx: PluginContext): CoreContext | undefined {
  return typeof (ctx as Partial<CoreContext>).applyPartial === 'function' ? (ctx as CoreContext) : undefined;
}
