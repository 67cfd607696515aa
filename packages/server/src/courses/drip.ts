import type { DripKind } from '../db/schema-courses.js';

/** What decides when a lesson opens. */
export interface DripRule {
  drip: DripKind;
  dripAt: Date | null;
  dripDays: number | null;
}

/** A lesson's release for one visitor: open, or locked until `opensAt` (null: it opens a number of days after joining, and the visitor has not joined). */
export type Release = { kind: 'open' } | { kind: 'locked'; opensAt: Date | null };

const DAY_MS = 86_400_000;

/**
 * The one drip rule: a lesson without drip is open; a dated one opens at its date; a lesson of
 * N days opens N whole days (24-hour periods) after `joinedAt`, when the member joined the area
 * that gates the course. Pages, their JSON and the progress calls all ask this.
 */
export function releaseOf(rule: DripRule, joinedAt: Date | undefined, now: Date): Release {
  switch (rule.drip) {
    case 'none':
      return { kind: 'open' };
    case 'date': {
      const at = rule.dripAt ?? new Date(0);
      return now.getTime() >= at.getTime() ? { kind: 'open' } : { kind: 'locked', opensAt: at };
    }
    case 'days': {
      if (!joinedAt) return { kind: 'locked', opensAt: null };
      const opensAt = new Date(joinedAt.getTime() + (rule.dripDays ?? 0) * DAY_MS);
      return now.getTime() >= opensAt.getTime() ? { kind: 'open' } : { kind: 'locked', opensAt };
    }
  }
}
