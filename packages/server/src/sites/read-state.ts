/**
 * What the site resolver's own statement read of a website, besides the website: its page and
 * content versions, and when the statement was sent (`performance.now()`). A page built right
 * after a site was resolved from the database can take its page version and content version
 * from this read instead of reading them again (a site's first visit: two round trips fewer),
 * under the same rules as any version read (decision 0028: a read is reused for the lease after
 * it was sent).
 */
export interface WebsiteReadState {
  readonly sentAt: number;
  readonly pageVersion: number;
  readonly contentVersion: number;
}

const versionsRead = new WeakMap<object, { pageVersion: number; contentVersion: number }>();
const readStates = new WeakMap<object, WebsiteReadState>();

/** Notes the versions of the row `website` was made from (the repository's reads). */
export function noteRowVersions(website: object, row: { pageVersion: number | string; contentVersion: number | string }): void {
  versionsRead.set(website, { pageVersion: Number(row.pageVersion), contentVersion: Number(row.contentVersion) });
}

/** Notes when the statement that read `website` was sent (the resolver's lookups). */
export function noteReadSentAt(website: object, sentAt: number): void {
  const versions = versionsRead.get(website);
  if (versions) readStates.set(website, { sentAt, ...versions });
}

/** The resolver's read of `website`, when it came from the database through the resolver. */
export function readStateOf(website: object): WebsiteReadState | undefined {
  return readStates.get(website);
}
