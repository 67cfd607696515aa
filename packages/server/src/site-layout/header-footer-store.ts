import { eq, sql } from 'drizzle-orm';
import { websites, type DbOrTx, type WebsiteSettings } from '../db/index.js';
import type { z } from '../http/schemas.js';
import type { FooterBody, HeaderBody, HeaderFooterBody } from './schemas.js';

/** The header and footer as owners edit them. */
export type HeaderFooterForm = z.infer<typeof HeaderFooterBody>;

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const flagOf = (value: unknown) => value !== false;

/** The stored `settings.headerFooter` (the shape the storefront reads) as the form shows it; the title is the site's. */
export function headerFooterForm(title: string, settings: WebsiteSettings): HeaderFooterForm {
  const stored = objectOf(settings.headerFooter);
  const header = objectOf(stored.header);
  const footer = objectOf(stored.footer);
  return {
    header: {
      title,
      tagline: textOf(header.tagline),
      logoImageUrl: textOf(header.logoImageUrl),
      showLogo: flagOf(header.showLogo),
      showTitle: flagOf(header.showTitle),
      showTagline: flagOf(header.showTagline),
      announcement: textOf(header.announcement),
      announcementLink: textOf(header.announcementLink),
      announcementStartsAt: textOf(header.announcementStartsAt),
      announcementEndsAt: textOf(header.announcementEndsAt),
    } satisfies z.infer<typeof HeaderBody>,
    footer: {
      text: textOf(footer.text),
      address: textOf(footer.address),
      email: textOf(footer.email),
      legal: textOf(footer.legal),
      showNewsletter: flagOf(footer.showNewsletter),
    } satisfies z.infer<typeof FooterBody>,
  };
}

/**
 * Stores the header and footer in `settings.headerFooter` and the title as the site's, in one
 * statement: the fields named are merged over the stored ones, so what the form does not edit
 * (the footer's newsletter) is kept. Empty texts are stored as absent, as the storefront reads
 * them. The update of the website row bumps its page version, so pages change at once.
 */
export async function writeHeaderFooter(tx: DbOrTx, websiteId: string, form: HeaderFooterForm): Promise<void> {
  const { title, ...header } = form.header;
  const keep = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== ''));
  const removed = (entries: Record<string, unknown>) => Object.keys(entries).filter((key) => entries[key] === '');
  const part = (key: 'header' | 'footer', values: Record<string, unknown>) =>
    sql`((case when jsonb_typeof(${websites.settings}->'headerFooter'->${key}::text) = 'object' then ${websites.settings}->'headerFooter'->${key}::text else '{}'::jsonb end) - array(select jsonb_array_elements_text(${JSON.stringify(removed(values))}::jsonb))) || ${JSON.stringify(keep(values))}::jsonb`;
  const stored = sql`(case when jsonb_typeof(${websites.settings}->'headerFooter') = 'object' then ${websites.settings}->'headerFooter' else '{}'::jsonb end)`;
  await tx
    .update(websites)
    .set({
      title,
      settings: sql`${websites.settings} || jsonb_build_object('headerFooter', ${stored} || jsonb_build_object('header', ${part('header', header)}, 'footer', ${part('footer', form.footer)}))`,
    })
    .where(eq(websites.id, websiteId));
}
