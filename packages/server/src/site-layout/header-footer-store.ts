import type { WebsiteSettings } from '../db/index.js';
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
 * The drafted header and footer (the stored shape, with the site's title as `header.title`)
 * after `form` is saved over `current`: the fields named are merged over the stored ones, so what
 * the form does not edit (the footer's newsletter) is kept; empty texts are removed, as the
 * storefront reads absent ones.
 */
export function headerFooterWith(current: unknown, form: HeaderFooterForm): Record<string, unknown> {
  const stored = objectOf(current);
  const merged = (part: Record<string, unknown>, values: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...part };
    for (const [key, value] of Object.entries(values)) {
      if (value === '') delete out[key];
      else out[key] = value;
    }
    return out;
  };
  return { ...stored, header: merged(objectOf(stored.header), form.header), footer: merged(objectOf(stored.footer), form.footer) };
}

/** The header and footer as the form shows them, from a drafted (or published) value with the title in `header.title`. */
export function headerFooterFormOf(value: unknown): HeaderFooterForm {
  const stored = objectOf(value);
  return headerFooterForm(textOf(objectOf(stored.header).title), { headerFooter: stored });
}
