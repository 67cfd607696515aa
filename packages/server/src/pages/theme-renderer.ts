import type { Engine, Template, TemplateError } from '@emporium/template';
import { PAGE_TEMPLATES, type Theme, type ThemeAsset } from '@emporium/theme-default';
import { createIslandIds, ISLAND_IDS_OPTION } from './island-ids.js';

/** Public URL prefix of theme assets; the file name carries the content hash. */
export const THEME_ASSET_PREFIX = '/static/theme/';

/** A theme whose templates and partials are compiled once. */
export interface CompiledTheme {
  readonly theme: Theme;
  readonly templates: ReadonlyMap<string, Template>;
  readonly partials: Readonly<Record<string, Template>>;
  /** Hashed public file name (`site.3fa2c1d0e9.css`) to asset. */
  readonly assetsByPublicName: ReadonlyMap<string, ThemeAsset>;
  /** Asset file name (`site.css`) to its public URL. */
  readonly assetUrls: Readonly<Record<string, string>>;
}

/** Thrown at start when a theme template does not compile: a broken theme never serves. */
export class ThemeCompileError extends Error {
  override name = 'ThemeCompileError';
  constructor(
    readonly templateName: string,
    readonly errors: readonly TemplateError[],
  ) {
    super(`Theme template '${templateName}' does not compile: ${errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`);
  }
}

function publicName(asset: ThemeAsset): string {
  const dot = asset.name.lastIndexOf('.');
  return dot < 0 ? `${asset.name}.${asset.hash}` : `${asset.name.slice(0, dot)}.${asset.hash}${asset.name.slice(dot)}`;
}

const compiled = new WeakMap<Engine, WeakMap<Theme, CompiledTheme>>();

/**
 * Compiles every template and partial of a theme with an engine, once per (engine, theme)
 * pair; later calls return the cached result. Throws {@link ThemeCompileError} on the first
 * template with errors.
 */
export function compileTheme(engine: Engine, theme: Theme): CompiledTheme {
  let perEngine = compiled.get(engine);
  if (!perEngine) compiled.set(engine, (perEngine = new WeakMap()));
  const cached = perEngine.get(theme);
  if (cached) return cached;
  const compileOne = (name: string, source: string): Template => {
    const { template, errors } = engine.compile(source);
    if (errors.length) throw new ThemeCompileError(name, errors);
    return template;
  };
  const templates = new Map<string, Template>();
  for (const name of PAGE_TEMPLATES) {
    const source = theme.templates[name];
    if (source === undefined) throw new ThemeCompileError(name, [{ type: 'SyntaxError', message: 'missing template', line: 0, column: 0 }]);
    templates.set(name, compileOne(name, source));
  }
  const partials: Record<string, Template> = Object.create(null);
  for (const [name, source] of Object.entries(theme.partials)) partials[name] = compileOne(name, source);
  const assetsByPublicName = new Map<string, ThemeAsset>();
  const assetUrls: Record<string, string> = {};
  for (const asset of Object.values(theme.assets)) {
    const name = publicName(asset);
    assetsByPublicName.set(name, asset);
    assetUrls[asset.name] = `${THEME_ASSET_PREFIX}${name}`;
  }
  const result: CompiledTheme = Object.freeze({ theme, templates, partials: Object.freeze(partials), assetsByPublicName, assetUrls: Object.freeze(assetUrls) });
  perEngine.set(theme, result);
  return result;
}

/** What a page render produced. */
export interface RenderedPage {
  readonly html: string;
  readonly errors: readonly TemplateError[];
}

/**
 * Renders a page: the page template into `render.mainContent`, then the `site.region`
 * layout around it; both renders share one island id source, so the page's islands get
 * distinct ids. Template errors are returned for logging; the output is still served.
 */
export function renderPage(
  engine: Engine,
  theme: CompiledTheme,
  templateName: string,
  context: Record<string, unknown>,
  options: { locale: string; now: number },
): RenderedPage {
  const template = theme.templates.get(templateName);
  const layout = theme.templates.get('site.region');
  if (!template || !layout) throw new Error(`Theme '${theme.theme.name}' has no template '${templateName}'`);
  const base = { partials: theme.partials, locale: options.locale, now: options.now, options: { [ISLAND_IDS_OPTION]: createIslandIds() } };
  const main = engine.render(template, { ...base, json: context });
  const render = { ...(context.render as Record<string, unknown> | undefined), mainContent: main.output };
  const page = engine.render(layout, { ...base, json: { ...context, render } });
  return { html: page.output, errors: [...main.errors, ...page.errors] };
}
