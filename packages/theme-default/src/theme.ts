/** A static file shipped with a theme, served under a content-hashed URL. */
export interface ThemeAsset {
  /** File name inside the theme's assets folder, e.g. `site.css`. */
  readonly name: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** First 10 hex digits of the body's SHA-256; part of the public URL. */
  readonly hash: string;
}

/** A theme's sources: JSON-T templates by name, block partials by name, and static assets. */
export interface Theme {
  readonly name: string;
  /** Page templates keyed by template name (`site.region`, `products.list`, `cart`...). */
  readonly templates: Readonly<Record<string, string>>;
  /** Partials keyed by partial name (`newsletter.block`...), used by `{x|apply name}`. */
  readonly partials: Readonly<Record<string, string>>;
  readonly assets: Readonly<Record<string, ThemeAsset>>;
}

/** Template names every theme must provide. */
export const PAGE_TEMPLATES = [
  'site.region',
  'page',
  'blog.list',
  'blog.item',
  'products.list',
  'products.item',
  'events.list',
  'events.item',
  'gallery.list',
  'cart',
  'checkout',
  'order-confirmed',
  'order-status',
  'search',
  'not-found',
  'error',
  'lock-screen',
  'protected',
  'access-denied',
] as const;

/** Stylesheets in `assets/css/`, concatenated in this order into the `site.css` asset. */
export const STYLESHEETS = [
  'base.css',
  'header-footer.css',
  'blocks.css',
  'commerce.css',
  'product.css',
  'content.css',
  'islands.css',
  'responsive.css',
] as const;

/** Partials every theme must provide. */
export const THEME_PARTIALS = ['newsletter.block', 'form.block', 'pagination.block', 'order-summary.block'] as const;
