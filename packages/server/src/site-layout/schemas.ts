import { z } from '../http/schemas.js';
import { linkProblem } from './links.js';
import { SiteLayoutMessages as M } from './messages.js';

/** Most entries one navigation holds, counting those inside folders. */
export const MAX_NAVIGATION_ENTRIES = 100;
/** Levels of nesting a navigation allows: entries, and entries inside a folder. */
export const MAX_NAVIGATION_DEPTH = 2;

/** A link field (empty only when `emptyAllowed`): the problem {@link linkProblem} finds is the field's message. */
function linkField(max: number, emptyAllowed: boolean) {
  return z
    .string()
    .trim()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = value === '' ? (emptyAllowed ? undefined : M.BAD_LINK) : linkProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const entryFields = {
  collectionId: z.string().trim().min(1).max(64).optional().describe('The page (collection) the entry opens'),
  externalLink: linkField(2048, false).optional().describe('A link: https://, http://, mailto: or a path on the site'),
  memberAreaId: z.string().trim().min(1).max(64).optional().describe('The member area the entry opens'),
  title: z.string().trim().max(200).optional().describe("The entry's text (a page entry shows the page's navigation title without one)"),
  newWindow: z.boolean().optional().describe('Open an http(s) link in a new window'),
};

type EntryShape = { collectionId?: string; externalLink?: string; memberAreaId?: string; title?: string; newWindow?: boolean };
/** A navigation entry as stored in `settings.navigation.{id}.items`. */
export type NavigationEntry = EntryShape & { items?: NavigationEntry[] };

function oneTarget(entry: EntryShape): boolean {
  return [entry.collectionId, entry.externalLink, entry.memberAreaId].filter((v) => v !== undefined).length === 1;
}

/** The entries of a folder: they may not hold entries themselves. */
const FolderEntry = z
  .strictObject({ ...entryFields, items: z.array(z.unknown()).max(0, { error: M.TOO_DEEP }).optional() })
  .refine(oneTarget, { error: M.ONE_TARGET });

/** A top-level entry: a page, a link or a member area, optionally a folder of entries. */
export const NavigationEntryBody = z
  .strictObject({ ...entryFields, items: z.array(FolderEntry).max(MAX_NAVIGATION_ENTRIES, { error: M.TOO_MANY }).optional().describe('The folder’s entries') })
  .refine(oneTarget, { error: M.ONE_TARGET });

/** Body of POST /api/widget/UpdateNavigation. */
export const UpdateNavigationBody = z.strictObject({
  fieldName: z.string().trim().min(1).max(96).describe("The navigation's identifier (a name the theme declares, e.g. mainNavigation)"),
  templateId: z.string().trim().min(1).max(96).describe('The theme the navigation was read from (GetSiteLayout templateId)'),
  navigation: z.strictObject({
    items: z
      .array(NavigationEntryBody)
      .max(MAX_NAVIGATION_ENTRIES, { error: M.TOO_MANY })
      .refine((items) => items.reduce((n, item) => n + 1 + (item.items?.length ?? 0), 0) <= MAX_NAVIGATION_ENTRIES, { error: M.TOO_MANY }),
  }),
});

const StoredLeaf = z.object({
  collectionId: z.string().optional(),
  externalLink: z.string().optional(),
  memberAreaId: z.string().optional(),
  title: z.string().optional(),
  newWindow: z.boolean().optional(),
});
const StoredEntry = StoredLeaf.extend({ items: z.array(StoredLeaf).optional() });

/** Answer of GET /api/commondata/GetSiteLayout and POST /api/widget/UpdateNavigation. */
export const SiteLayout = z.object({
  websiteId: z.string(),
  templateId: z.string().describe('The theme the site renders with; send it back with UpdateNavigation'),
  layout: z
    .array(
      z.object({
        identifier: z.string().describe('The navigation name the theme declares (UpdateNavigation fieldName)'),
        title: z.string(),
        links: z.array(StoredEntry).describe('Its entries as stored, folders holding theirs in items'),
      }),
    )
    .describe('The navigations of the theme, in the order it declares them (the first is the main navigation)'),
  pages: z
    .array(z.object({ id: z.string(), title: z.string(), navigationTitle: z.string(), fullUrl: z.string(), enabled: z.boolean(), type: z.number().int() }))
    .describe('The pages (collections) of the site a navigation entry may open'),
  memberAreas: z.array(z.object({ id: z.string(), name: z.string() })).describe('The member areas of the site a navigation entry may open (memberAreaId)'),
});

const text = (max: number) => z.string().trim().max(max);

/** The header as owners edit it; stored in `settings.headerFooter.header`. */
export const HeaderBody = z.strictObject({
  title: text(200).min(1, { error: 'The site needs a title.' }).describe("The site's title (shown in the header and the footer)"),
  tagline: text(200),
  logoImageUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^(https:\/\/|\/)/.test(v), { error: 'A logo address starts with https:// or /.' }),
  showLogo: z.boolean(),
  showTitle: z.boolean(),
  showTagline: z.boolean(),
  announcement: text(300).describe('The announcement bar’s text; empty for none'),
  announcementLink: linkField(2048, true),
  announcementStartsAt: z.iso.date({ error: 'Give a date as YYYY-MM-DD.' }).or(z.literal('')),
  announcementEndsAt: z.iso.date({ error: 'Give a date as YYYY-MM-DD.' }).or(z.literal('')),
});

/** The footer as owners edit it; stored in `settings.headerFooter.footer` (its newsletter is kept). */
export const FooterBody = z.strictObject({
  text: text(1000),
  address: text(500),
  email: z
    .string()
    .trim()
    .max(256)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v), { error: 'Please enter a valid email' }),
  legal: text(500),
  showNewsletter: z.boolean(),
});

/** Body of PUT /api/site-header-footer and its answer (also of GET). */
export const HeaderFooterBody = z
  .strictObject({ header: HeaderBody, footer: FooterBody })
  .refine((v) => !v.header.announcementStartsAt || !v.header.announcementEndsAt || v.header.announcementStartsAt <= v.header.announcementEndsAt, {
    error: 'The announcement ends before it starts.',
    path: ['header', 'announcementEndsAt'],
  });

/** Path parameters of the commerce-preference calls. */
export const PreferenceParams = z.object({
  namespace: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { error: M.BAD_NAMESPACE })
    .describe('The preference namespace'),
});

/** A namespace's preferences: any JSON object (websiteId is never stored nor answered). */
export const Preferences = z.record(z.string(), z.unknown()).describe('The namespace’s preferences');
