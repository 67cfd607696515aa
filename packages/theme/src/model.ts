import type { CollectionConf, PageConf, TemplateConf } from './conf.js';
import type { ThemeProblem } from './problem.js';

/** A navigation the theme declares (`template.conf` `navigations`). */
export interface NavigationDecl {
  readonly name: string;
  readonly title: string;
}

/** An open block field found in the theme's templates. */
export interface BlockFieldDecl {
  readonly id: string;
  /** The context key the expanded template reads: the id with characters outside [A-Za-z0-9_] replaced. */
  readonly key: string;
  readonly label: string;
  readonly columns: number;
  readonly lockLayout: boolean;
  readonly file: string;
  readonly line: number;
}

/** A `<squarespace:query>` found in the theme's templates. */
export interface QueryDecl {
  /** The context key the expanded template reads (`q0`, `q1`...), unique in the theme. */
  readonly key: string;
  /** The collection's URL id, possibly with `{variable}` references resolved per page. */
  readonly collection: string;
  readonly limit: number;
  readonly skip: number;
  readonly featured: boolean;
  readonly tags: readonly string[];
  readonly categories: readonly string[];
  readonly file: string;
  readonly line: number;
}

/** A template after tag expansion: JSON-T source with what its tags asked for. */
export interface ExpandedTemplate {
  readonly file: string;
  readonly source: string;
  readonly navigations: readonly string[];
  readonly blockFields: readonly BlockFieldDecl[];
  readonly queries: readonly QueryDecl[];
  /** Whether it uses the folder navigation of the current page. */
  readonly folderNavigation: boolean;
}

/** A layout: its regions joined, expanded, with where each region starts (for line numbers). */
export interface LayoutSource extends ExpandedTemplate {
  readonly id: string;
  readonly name: string;
  readonly regions: readonly { file: string; firstLine: number }[];
}

/** A collection type of the theme. */
export interface CollectionSource {
  readonly type: string;
  readonly conf: CollectionConf | undefined;
  readonly list: ExpandedTemplate | undefined;
  readonly item: ExpandedTemplate | undefined;
}

/** A static page of the theme (`pages/{name}.page`). */
export interface StaticPageSource {
  readonly name: string;
  readonly conf: PageConf;
  readonly template: ExpandedTemplate;
}

/** A file served under a content-hashed URL. */
export interface ThemeAsset {
  /** Path inside the theme (`assets/logo.svg`, `scripts/site.js`). */
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** First 10 hex digits of the body's SHA-256. */
  readonly hash: string;
  /** Public URL (`/assets/logo.3fa2c1d0e9.svg`). */
  readonly url: string;
}

/** A theme read and expanded, ready to compile. */
export interface ThemeSource {
  readonly id: string;
  readonly conf: TemplateConf;
  /** SHA-256 of every file, in hex: the theme's content version. */
  readonly hash: string;
  readonly navigations: readonly NavigationDecl[];
  readonly layouts: ReadonlyMap<string, LayoutSource>;
  readonly defaultLayout: string;
  readonly collections: ReadonlyMap<string, CollectionSource>;
  /** Partials by name (`navigation.block`). */
  readonly blocks: ReadonlyMap<string, ExpandedTemplate>;
  readonly pages: ReadonlyMap<string, StaticPageSource>;
  /** Stylesheets in load order. */
  readonly stylesheets: readonly { file: string; source: string }[];
  /** Assets and scripts by their path inside the theme. */
  readonly assets: ReadonlyMap<string, ThemeAsset>;
  /** Every file's text by path, for LESS imports. */
  readonly textFiles: ReadonlyMap<string, string>;
  readonly problems: readonly ThemeProblem[];
}

export type { CollectionConf, PageConf, TemplateConf, ThemeProblem };
