/** A published post as the tag cloud and the archive read it. */
export interface PostSummary {
  readonly title: string;
  readonly fullUrl: string;
  readonly tags: readonly string[];
  /** Milliseconds since the epoch. */
  readonly publishOn: number;
}

/** Font steps of a tag cloud: the most used tags show largest. */
const TAG_WEIGHTS = 5;

/** The tags of `posts` by name, each with its count, link (`{blogUrl}?tag=`) and weight 1-5 by count. */
export function tagCloudOf(posts: readonly PostSummary[], blogUrl: string): { name: string; count: number; url: string; weight: number }[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of new Set(post.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const most = Math.max(1, ...counts.values());
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => ({
      name,
      count,
      url: `${blogUrl}?tag=${encodeURIComponent(name)}`,
      weight: Math.max(1, Math.ceil((count / most) * TAG_WEIGHTS)),
    }));
}

/**
 * The posts by the month they were published, newest month first (months of the site's time
 * zone): each month's label in `locale` (`March 2026`), its `YYYY-MM` key and its posts.
 */
export function archiveOf(
  posts: readonly PostSummary[],
  locale: string,
  timeZone: string,
): { key: string; label: string; count: number; posts: { title: string; fullUrl: string }[] }[] {
  const keyOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
  const labelOf = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'long' });
  const months = new Map<string, { key: string; label: string; count: number; posts: { title: string; fullUrl: string }[] }>();
  for (const post of [...posts].sort((a, b) => b.publishOn - a.publishOn)) {
    const date = new Date(post.publishOn);
    const key = keyOf.format(date).slice(0, 7);
    const month = months.get(key) ?? { key, label: labelOf.format(date), count: 0, posts: [] };
    month.count += 1;
    month.posts.push({ title: post.title, fullUrl: post.fullUrl });
    months.set(key, month);
  }
  return [...months.values()];
}
