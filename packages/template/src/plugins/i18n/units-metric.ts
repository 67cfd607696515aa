import type { CLDR } from '@phensley/cldr';
import type { Predicate } from '../../plugin-api.js';

/**
 * `{.units-metric?}` / `{.units-metric? temperature}`: true when the locale measures in
 * metric units (for temperature: Celsius, so also in the UK). True when no locale data is available.
 */
export const unitsMetric: Predicate = {
  apply(args, ctx) {
    const cldr = ctx.cldr as CLDR | undefined;
    if (!cldr) return true;
    const system = cldr.General.measurementSystem();
    return args[0] === 'temperature' ? system !== 'us' : system === 'metric';
  },
};
