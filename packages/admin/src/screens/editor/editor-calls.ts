import { DRAFTS_PATH } from '../../api/drafts.js';
import { api } from '../../api/http.js';

/** The drafts calls (packages/server/src/drafts/routes.ts). */
export const DraftCalls = Object.freeze({
  DRAFTS: DRAFTS_PATH,
  SUBJECT: '/api/owner/drafts/subject',
  PUBLISH: '/api/owner/publish',
  SCHEDULED: '/api/owner/publish/scheduled',
  RELEASES: '/api/owner/releases',
  PREVIEW: '/api/owner/preview',
});

/** A saved draft of one subject. */
export interface Draft {
  readonly subject: string;
  readonly value: unknown;
  readonly version: number;
  readonly updatedBy: string;
  readonly updatedAt: string;
}

/** A subject's published value and its draft, if any. */
export interface SubjectState {
  readonly subject: string;
  readonly published: unknown;
  readonly draft: Draft | null;
}

/** One publish: what it changed, by whom, when. */
export interface Release {
  readonly id: string;
  readonly number: number;
  readonly publishedBy: string;
  readonly publishedAt: string;
  readonly changes: readonly { readonly subject: string; readonly after?: unknown }[];
}

/** A publish waiting for its time. */
export interface ScheduledPublish {
  readonly jobId: string;
  readonly scheduledFor: string;
}

/** The site's publishes waiting for their time, the soonest first, each with who scheduled it. */
export interface ScheduledList {
  readonly scheduled: readonly (ScheduledPublish & { readonly scheduledBy: string })[];
}

/** Reads a subject's published value and draft. */
export function readSubject(subject: string, signal?: AbortSignal): Promise<SubjectState> {
  return api<SubjectState>(DraftCalls.SUBJECT, { query: { subject }, signal });
}

/** Reads the site's drafts. */
export function readDrafts(): Promise<{ drafts: Draft[] }> {
  return api<{ drafts: Draft[] }>(DraftCalls.DRAFTS);
}

/** Saves a draft made from `baseVersion`; rejects with 409 when someone saved in between. */
export function saveDraft(subject: string, value: unknown, baseVersion: number): Promise<{ subject: string; version: number }> {
  return api(DraftCalls.DRAFTS, { method: 'PUT', body: { subject, value, baseVersion } });
}

/** Drops the draft of a subject. */
export function discardDraft(subject: string): Promise<void> {
  return api<void>(DraftCalls.DRAFTS, { method: 'DELETE', query: { subject } });
}

/** Publishes every draft now. */
export function publishNow(): Promise<Release> {
  return api<Release>(DraftCalls.PUBLISH, { method: 'POST', body: {} });
}

/** Schedules a publish of the drafts at `at`. */
export function schedulePublish(at: Date): Promise<ScheduledPublish> {
  return api<ScheduledPublish>(DraftCalls.PUBLISH, { method: 'POST', body: { at: at.toISOString() } });
}

/** Cancels a scheduled publish. */
export function cancelScheduled(jobId: string): Promise<void> {
  return api<void>(`${DraftCalls.SCHEDULED}/${encodeURIComponent(jobId)}`, { method: 'DELETE' });
}

/** Makes a subject's value from before `releaseId` its draft. */
export function restoreSubject(releaseId: string, subject: string): Promise<{ subject: string; version: number }> {
  return api(`${DraftCalls.RELEASES}/${encodeURIComponent(releaseId)}/restore`, { method: 'POST', body: { subject } });
}

/** A short-lived address of the site's preview of `path`. */
export function previewLink(path: string): Promise<{ url: string; expiresAt: string }> {
  return api(DraftCalls.PREVIEW, { method: 'POST', body: { path } });
}
