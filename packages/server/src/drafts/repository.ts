import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { siteDrafts, siteReleases, websites, type Db, type DbOrTx, type ReleaseChange } from '../db/index.js';
import { applyValue, type DraftedSetting, liveValue, parseSubject, type Subject, subjectName } from './subjects.js';

/** A draft as the editor reads it. */
export interface DraftRow {
  readonly subject: string;
  readonly value: unknown;
  readonly version: number;
  readonly updatedBy: string;
  readonly updatedAt: Date;
}

/** A release as the history lists it. */
export interface ReleaseRow {
  readonly id: string;
  readonly number: number;
  readonly publishedBy: string;
  readonly createdAt: Date;
  readonly changes: ReleaseChange[];
}

/** The site's drafts, by subject name. */
export async function listDrafts(db: DbOrTx, websiteId: string): Promise<DraftRow[]> {
  return db
    .select({
      subject: siteDrafts.subject,
      value: siteDrafts.value,
      version: siteDrafts.version,
      updatedBy: siteDrafts.updatedBy,
      updatedAt: siteDrafts.updatedAt,
    })
    .from(siteDrafts)
    .where(eq(siteDrafts.websiteId, websiteId))
    .orderBy(asc(siteDrafts.subject));
}

/** The draft of one subject; undefined when it has none. */
export async function findDraft(db: DbOrTx, websiteId: string, subject: Subject): Promise<DraftRow | undefined> {
  const [row] = await db
    .select({
      subject: siteDrafts.subject,
      value: siteDrafts.value,
      version: siteDrafts.version,
      updatedBy: siteDrafts.updatedBy,
      updatedAt: siteDrafts.updatedAt,
    })
    .from(siteDrafts)
    .where(and(eq(siteDrafts.websiteId, websiteId), eq(siteDrafts.subject, subjectName(subject))));
  return row;
}

/** The drafted values of the site by subject name (what the preview renders). */
export async function draftValues(db: DbOrTx, websiteId: string): Promise<Map<string, unknown>> {
  return new Map((await listDrafts(db, websiteId)).map((d) => [d.subject, d.value]));
}

/**
 * Saves `value` as the draft of `subject`. `baseVersion` is the draft version the editor last
 * read (0: it saw no draft); when another save came in between, nothing is saved and the answer
 * is `conflict`. Otherwise the new version.
 */
export async function saveDraft(
  db: DbOrTx,
  websiteId: string,
  subject: Subject,
  value: unknown,
  baseVersion: number,
  by: string,
): Promise<number | 'conflict'> {
  const name = subjectName(subject);
  const json = sql`${JSON.stringify(value)}::jsonb`;
  if (baseVersion === 0) {
    const rows = await db
      .insert(siteDrafts)
      .values({ websiteId, subject: name, value: json, version: 1, updatedBy: by })
      .onConflictDoNothing()
      .returning({ version: siteDrafts.version });
    return rows[0]?.version ?? 'conflict';
  }
  const rows = await db
    .update(siteDrafts)
    .set({ value: json, version: sql`${siteDrafts.version} + 1`, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(siteDrafts.websiteId, websiteId), eq(siteDrafts.subject, name), eq(siteDrafts.version, baseVersion)))
    .returning({ version: siteDrafts.version });
  return rows[0]?.version ?? 'conflict';
}

/** A site setting as its owners edit it: its draft when it has one, else its published value (null: unset). */
export interface EditedSetting {
  readonly value: unknown;
  /** True while the value is a draft visitors do not see yet. */
  readonly drafted: boolean;
}

/** The value of the site setting `key` as owners edit it now. */
export async function editedSetting(db: DbOrTx, websiteId: string, key: DraftedSetting): Promise<EditedSetting> {
  const subject: Subject = { kind: 'settings', key };
  const draft = await findDraft(db, websiteId, subject);
  if (draft) return { value: draft.value, drafted: true };
  return { value: (await liveValue(db, websiteId, subject)) ?? null, drafted: false };
}

/**
 * Drafts a change of the site setting `key`: `change` gets the value owners edit now (its draft,
 * else its published value) and returns the new one, saved as the draft. The site's row is locked
 * meanwhile, so two changes at once both count (the calls that use this, such as the spec's
 * UpdateNavigation, carry no version to compare). Returns the drafted value.
 */
export async function draftSetting<T>(db: Db, websiteId: string, key: DraftedSetting, change: (current: unknown) => T, by: string): Promise<T> {
  const name = `settings.${key}`;
  return db.transaction(async (tx) => {
    await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
    const next = change((await editedSetting(tx, websiteId, key)).value);
    const json = sql`${JSON.stringify(next)}::jsonb`;
    await tx
      .insert(siteDrafts)
      .values({ websiteId, subject: name, value: json, version: 1, updatedBy: by })
      .onConflictDoUpdate({
        target: [siteDrafts.websiteId, siteDrafts.subject],
        set: { value: json, version: sql`${siteDrafts.version} + 1`, updatedBy: by, updatedAt: new Date() },
      });
    return next;
  });
}

/** Drops the draft of `subject`; false when there was none. */
export async function discardDraft(db: DbOrTx, websiteId: string, subject: Subject): Promise<boolean> {
  const rows = await db
    .delete(siteDrafts)
    .where(and(eq(siteDrafts.websiteId, websiteId), eq(siteDrafts.subject, subjectName(subject))))
    .returning({ subject: siteDrafts.subject });
  return rows.length > 0;
}

/**
 * Publishes every draft of the site in one transaction (one release): each subject's published
 * value is replaced by its draft, the release keeps both, and the drafts are gone. The drafts
 * are locked first, so two publishes of one site make two releases or one and nothing. Undefined
 * when there is nothing to publish (a draft of a collection deleted since is dropped unpublished).
 */
export async function publishDrafts(db: Db, websiteId: string, by: string): Promise<ReleaseRow | undefined> {
  return db.transaction(async (tx) => {
    const drafts = await tx.select().from(siteDrafts).where(eq(siteDrafts.websiteId, websiteId)).orderBy(asc(siteDrafts.subject)).for('update');
    const changes: ReleaseChange[] = [];
    for (const draft of drafts) {
      const subject = parseSubject(draft.subject);
      const before = subject ? await liveValue(tx, websiteId, subject) : undefined;
      if (!subject || before === undefined) continue;
      await applyValue(tx, websiteId, subject, draft.value);
      changes.push({ subject: draft.subject, before, after: draft.value });
    }
    if (drafts.length === 0) return undefined;
    await tx.delete(siteDrafts).where(eq(siteDrafts.websiteId, websiteId));
    if (changes.length === 0) return undefined;
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${siteReleases.number}), 0)` })
      .from(siteReleases)
      .where(eq(siteReleases.websiteId, websiteId));
    const [release] = await tx
      .insert(siteReleases)
      .values({ websiteId, number: Number(last?.number ?? 0) + 1, publishedBy: by, changes })
      .returning();
    return release;
  });
}

/** The site's releases, newest first. */
export async function listReleases(db: DbOrTx, websiteId: string, limit = 50): Promise<ReleaseRow[]> {
  return db
    .select({
      id: siteReleases.id,
      number: siteReleases.number,
      publishedBy: siteReleases.publishedBy,
      createdAt: siteReleases.createdAt,
      changes: siteReleases.changes,
    })
    .from(siteReleases)
    .where(eq(siteReleases.websiteId, websiteId))
    .orderBy(desc(siteReleases.number))
    .limit(limit);
}

/** The value `subject` had before release `releaseId` changed it; null when the release is not the site's, `undefined` when it did not change the subject. */
export async function valueBefore(db: DbOrTx, websiteId: string, releaseId: string, subject: Subject): Promise<{ value: unknown } | null | undefined> {
  const [release] = await db
    .select({ changes: siteReleases.changes })
    .from(siteReleases)
    .where(and(eq(siteReleases.websiteId, websiteId), eq(siteReleases.id, releaseId)));
  if (!release) return null;
  const change = release.changes.find((c) => c.subject === subjectName(subject));
  return change ? { value: change.before } : undefined;
}

/** The current draft version of `subject` (0 when it has none). */
export async function draftVersion(db: DbOrTx, websiteId: string, subject: Subject): Promise<number> {
  const [row] = await db
    .select({ version: siteDrafts.version })
    .from(siteDrafts)
    .where(and(eq(siteDrafts.websiteId, websiteId), eq(siteDrafts.subject, subjectName(subject))));
  return row?.version ?? 0;
}
