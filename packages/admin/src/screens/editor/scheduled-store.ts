import type { ScheduledPublish } from './editor-calls.js';

/**
 * The publishes this browser scheduled for a site, remembered in local storage (the server
 * answers a scheduled publish's id when it is made; the editor lists them to cancel).
 */
const keyOf = (site: string) => `emporium.editor.scheduled.${site}`;

/** Scheduled publishes of `site` still in the future at `now`, soonest first. */
export function pendingSchedules(list: readonly ScheduledPublish[], now: number): ScheduledPublish[] {
  return list.filter((s) => Date.parse(s.scheduledFor) > now).sort((a, b) => Date.parse(a.scheduledFor) - Date.parse(b.scheduledFor));
}

/** The remembered scheduled publishes of `site`. */
export function loadSchedules(site: string): ScheduledPublish[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(site)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((s): s is ScheduledPublish => typeof s?.jobId === 'string' && typeof s?.scheduledFor === 'string');
  } catch {
    return [];
  }
}

/** Remembers `list` as the scheduled publishes of `site`. */
export function storeSchedules(site: string, list: readonly ScheduledPublish[]): void {
  try {
    window.localStorage.setItem(keyOf(site), JSON.stringify(list));
  } catch {
    // Storage refused: the list lasts for this visit only.
  }
}
