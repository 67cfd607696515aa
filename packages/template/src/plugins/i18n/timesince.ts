import type { Formatter } from '../../plugin-api.js';
import { humanizeSince } from './humanize-since.js';
import { numberOf } from './values.js';

/** Spec section 8 text for a value that is not a date. */
export const INVALID_DATE = 'Invalid date.';

/** `{t|timesince}`: `<span class="timesince" data-date="t">about 3 days ago</span>`, measured from now. */
export const timesince: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const epoch = numberOf(first.value);
    if (!ctx.cldr || !Number.isFinite(epoch)) {
      first.set(INVALID_DATE);
      return;
    }
    first.set(`<span class="timesince" data-date="${epoch}">${humanizeSince(ctx.now - epoch)}</span>`);
  },
};
