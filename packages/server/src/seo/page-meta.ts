import { escapeHtml } from '@emporium/template';

/** Longest meta description; longer text is cut at a word boundary and ends with '...'. */
export const META_DESCRIPTION_MAX = 160;

/** Input of {@link buildPageMeta}. */
export interface PageMetaInput {
  /** The page's own title (item or collection); empty for the home page. */
  title: string;
  siteTitle: string;
  /** Plain text or HTML; tags are stripped. */
  description?: string;
  /** Absolute canonical URL (use `canonicalOrigin` + path, without query). */
  canonicalUrl: string;
  /** Absolute image URL. */
  image?: string;
  /** Open Graph type: 'website' (default), 'article' for posts, 'product' for products. */
  type?: 'website' | 'article' | 'product';
  locale?: string;
}

/** The title, description, canonical URL and Open Graph / Twitter properties of a page. */
export interface PageMeta {
  title: string;
  description: string;
  canonicalUrl: string;
  openGraph: Readonly<Record<string, string>>;
  twitter: Readonly<Record<string, string>>;
}

/** Text of HTML: tags removed, common entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text to `max` characters at a word boundary, ending with '...'. */
export function truncateText(text: string, max: number = META_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** Builds a page's meta data: `Title — Site` (or the site title alone), trimmed description, OG and Twitter cards. */
export function buildPageMeta(input: PageMetaInput): PageMeta {
  const title = input.title && input.title !== input.siteTitle ? `${input.title} — ${input.siteTitle}` : input.siteTitle;
  const description = truncateText(textOf(input.description ?? ''));
  const openGraph: Record<string, string> = {
    'og:title': input.title || input.siteTitle,
    'og:site_name': input.siteTitle,
    'og:url': input.canonicalUrl,
    'og:type': input.type ?? 'website',
  };
  if (description) openGraph['og:description'] = description;
  if (input.image) openGraph['og:image'] = input.image;
  if (input.locale) openGraph['og:locale'] = input.locale.replace('-', '_');
  const twitter: Record<string, string> = { 'twitter:card': input.image ? 'summary_large_image' : 'summary', 'twitter:title': input.title || input.siteTitle };
  if (description) twitter['twitter:description'] = description;
  if (input.image) twitter['twitter:image'] = input.image;
  return { title, description, canonicalUrl: input.canonicalUrl, openGraph, twitter };
}

/** The `<title>`, description, canonical link, Open Graph and Twitter tags of a page, escaped. */
export function renderPageMeta(meta: PageMeta): string {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`];
  if (meta.description) tags.push(`<meta name="description" content="${escapeHtml(meta.description)}">`);
  tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`);
  for (const [property, content] of Object.entries(meta.openGraph)) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  for (const [name, content] of Object.entries(meta.twitter)) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  return tags.join('\n');
}
