import type { Predicate } from '../../plugin-api.js';
import { asNumber, getProp } from '../content/values.js';
import { sliceTypeCode } from './slice-types.js';

/** `current-type? NAME`: the node's `currentType` is the slice type NAME. */
export const currentType: Predicate = {
  apply(args, ctx) {
    const name = args[0];
    const code = name === undefined ? undefined : sliceTypeCode(name);
    return code !== undefined && code === (asNumber(getProp(ctx.node(), 'currentType')) | 0);
  },
};
