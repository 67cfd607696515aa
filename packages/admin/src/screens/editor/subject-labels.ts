/** What the publish bar and history call each draft subject. */
const SETTING_LABELS: Readonly<Record<string, string>> = Object.freeze({
  'settings.navigation': 'Navigation',
  'settings.headerFooter': 'Header & footer',
  'settings.themeTweaks': 'Site styles',
  'settings.blockFields': 'Shared blocks',
  'settings.pageLayouts': 'Page layouts',
  'settings.siteIcons': 'Favicon & social image',
  'settings.socialAccounts': 'Social accounts',
  'settings.cookieBanner': 'Cookie banner',
});

/** A page the labels may name. */
export interface NamedPage {
  readonly id: string;
  readonly title: string;
}

/**
 * The name of `subject` for people: the page's title for `collection:{id}` ("Page: About"), the
 * post's title (from its drafted or released `value`) for `item:{id}` ("Post: Indigo notes"),
 * the setting's name otherwise.
 */
export function subjectLabel(subject: string, pages: readonly NamedPage[], value?: unknown): string {
  const setting = SETTING_LABELS[subject];
  if (setting) return setting;
  if (subject.startsWith('item:')) {
    const title = (value as { title?: unknown } | null | undefined)?.title;
    return typeof title === 'string' && title ? `Post: ${title}` : 'A post';
  }
  const id = /^collection:(.+)$/.exec(subject)?.[1];
  if (!id) return subject;
  const page = pages.find((p) => p.id === id);
  return page ? `Page: ${page.title}` : 'A page since deleted';
}
