import type { Predicate } from '../../plugin-api';
import { asNumber, getProp } from '../content/values';
import { sliceTypeCode } from './slice-types';

/** `current-type? NAME`: the node's `currentType` is the slice type NAME. */
export const currentType: Predicate = {
  apply(args, ctx) {
    const name = args[0];
    const code = name === undefined ? undefined : sliceTypeCode(name);
    return code !== undefined && code === (asNumber(getProp(ctx.node(), 'currentType')) | 0);
  },
};
