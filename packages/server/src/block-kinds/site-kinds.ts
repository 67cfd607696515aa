import { z } from 'zod';
import { HttpsUrl, text } from './fields.js';
import { BlockMessages, NewsletterMessages } from './messages.js';

/** Map (block type 4): an address and a link to it on a map; no map script is loaded. */
export const MapBlock = z.strictObject({
  typeName: z.literal('map'),
  address: text(300).min(1, { error: BlockMessages.ADDRESS_REQUIRED }),
  label: text(200).optional(),
});

/** Search (block type 33): a search box for the site's own search page. */
export const SearchBlock = z.strictObject({
  typeName: z.literal('search'),
  label: text(100).default('Search'),
  placeholder: text(100).optional(),
});

/** Social links (block type 54, social account links v2): the site's profiles elsewhere. */
export const SocialLinksBlock = z.strictObject({
  typeName: z.literal('social-links'),
  links: z
    .array(z.strictObject({ url: HttpsUrl }))
    .min(1, { error: BlockMessages.SOCIAL_LINKS })
    .max(20),
});

/** Newsletter (block type 51): a sign-up to one of the site's mailing lists (a newsletter form). */
export const NewsletterBlock = z.strictObject({
  typeName: z.literal('newsletter'),
  formId: z.string({ error: NewsletterMessages.LIST_REQUIRED }).trim().min(1, { error: NewsletterMessages.LIST_REQUIRED }).max(64),
  title: text(200).optional(),
  description: text(1000).optional(),
});

const MenuItem = z.strictObject({ name: text(200).min(1), price: text(40).default(''), description: text(1000).default('') });

/** Menu (block type 18): sections of dishes with prices. */
export const MenuBlock = z.strictObject({
  typeName: z.literal('menu'),
  sections: z
    .array(z.strictObject({ title: text(200).default(''), items: z.array(MenuItem).min(1, { error: BlockMessages.MENU_SECTIONS }).max(100) }))
    .min(1, { error: BlockMessages.MENU_SECTIONS })
    .max(20),
});

type MenuSections = z.infer<typeof MenuBlock>['sections'];

/**
 * A menu from its text form: `## Section` starts a section; each other line is
 * `Name | price | description`. What the editor's text box holds.
 */
export function menuFromText(source: string): MenuSections {
  const sections: { title: string; items: { name: string; price: string; description: string }[] }[] = [];
  for (const line of source.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith('##')) {
      sections.push({ title: line.replace(/^#+\s*/, ''), items: [] });
      continue;
    }
    if (sections.length === 0) sections.push({ title: '', items: [] });
    const [name = '', price = '', ...rest] = line.split('|').map((part) => part.trim());
    sections.at(-1)!.items.push({ name, price, description: rest.join(' | ') });
  }
  return sections;
}

/** The text form of a menu ({@link menuFromText} reads it back). */
export function menuToText(sections: MenuSections): string {
  return sections
    .map((section) =>
      [
        ...(section.title ? [`## ${section.title}`] : []),
        ...section.items.map((item) => {
          const parts = [item.name, item.price, item.description];
          while (parts.length > 1 && !parts.at(-1)) parts.pop();
          return parts.join(' | ');
        }),
      ].join('\n'),
    )
    .join('\n\n');
}
