import type { KeyValueStore } from './browser-storage.js';

/** Local-storage key holding the forced experiment variants ({ name: variant }). */
export const EXPERIMENT_OVERRIDES_KEY = 'SS_EXPERIMENT_OVERRIDES';
/** Query parameter forcing a variant: `?experiment=name:variant` (repeatable); `?experiment=reset` clears them all. */
export const EXPERIMENT_PARAM = 'experiment';
/** Value of the query parameter that clears every override (spec 4). */
export const EXPERIMENT_RESET = 'reset';
/** Spec 6: internal or staging hosts (by host pattern) unlock experiment overrides. */
export const INTERNAL_HOST = /(^|\.)(localhost|internal|staging|stage|qa)(\.|$)|^127\.0\.0\.1$/i;

const PAIR = /^([A-Za-z0-9_.-]{1,64}):([A-Za-z0-9_.-]{1,64})$/;

/** Forced variants by experiment name. */
export type ExperimentOverrides = Record<string, string>;

/** The stored overrides (well-formed string entries only); empty when absent or unreadable. */
export function storedOverrides(local: KeyValueStore | null): ExperimentOverrides {
  const out: ExperimentOverrides = Object.create(null) as ExperimentOverrides;
  try {
    const parsed: unknown = JSON.parse(local?.getItem(EXPERIMENT_OVERRIDES_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') {
      for (const [name, variant] of Object.entries(parsed)) if (typeof variant === 'string' && PAIR.test(`${name}:${variant}`)) out[name] = variant;
    }
  } catch {
    // unreadable: no overrides
  }
  return out;
}

/**
 * Spec 4 and 6: on an internal or staging host the page's `experiment` parameters force
 * variants (kept in local storage for later pages) and 'reset' clears them; elsewhere the query
 * is ignored and no override is in force. Returns the overrides in force for this page.
 */
export function applyExperimentOverrides(hostname: string, query: URLSearchParams, local: KeyValueStore | null): ExperimentOverrides {
  if (!INTERNAL_HOST.test(hostname)) return {};
  const stored = storedOverrides(local);
  const values = query.getAll(EXPERIMENT_PARAM);
  if (values.length === 0) return stored;
  let next: ExperimentOverrides = { ...stored };
  if (values.includes(EXPERIMENT_RESET)) next = {};
  else {
    for (const value of values) {
      const pair = PAIR.exec(value);
      if (pair) next[pair[1]!] = pair[2]!;
    }
  }
  try {
    if (Object.keys(next).length === 0) local?.removeItem(EXPERIMENT_OVERRIDES_KEY);
    else local?.setItem(EXPERIMENT_OVERRIDES_KEY, JSON.stringify(next));
  } catch {
    // storage refused: the overrides hold for this page only
  }
  return next;
}
