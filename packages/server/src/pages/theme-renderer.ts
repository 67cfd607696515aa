import { createHash } from 'node:crypto';
import type { Engine, Template, TemplateError } from '@emporium/template';
import { loadSystemLayer } from '@emporium/theme';
import type { ActiveTheme } from '../themes/index.js';
import { createIslandIds, ISLAND_IDS_OPTION } from './island-ids.js';

/** Public URL prefix of system assets (the favicon); the file name carries the content hash. */
export const THEME_ASSET_PREFIX = '/static/theme/';

/** A file of the system layer served under a hashed name. */
export interface SystemAsset {
  readonly name: string;
  readonly contentType: string;
  readonly body: Buffer;
  readonly hash: string;
}

/** The system layer's favicon, by its hashed public name. */
export function systemAssets(): { byPublicName: ReadonlyMap<string, SystemAsset>; faviconUrl: string } {
  const body = loadSystemLayer().favicon;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const favicon: SystemAsset = { name: 'favicon.svg', contentType: 'image/svg+xml', body, hash };
  const publicName = `favicon.${hash}.svg`;
  return { byPublicName: new Map([[publicName, favicon]]), faviconUrl: `${THEME_ASSET_PREFIX}${publicName}` };
}

/** What a page render produced. */
export interface RenderedPage {
  readonly html: string;
  readonly errors: readonly (TemplateError & { file?: string })[];
}

/** The template that renders a page's main content: the theme's own, else the system's. */
function mainTemplate(theme: ActiveTheme, templateName: string): Template | undefined {
  if (templateName.startsWith('static:')) return theme.compiled.pages.get(templateName.slice('static:'.length));
  return theme.compiled.mains.get(templateName);
}

/**
 * Renders a page: the main-content template into `render.mainContent`, then the layout around
 * it; both renders share one island id source, so the page's islands get distinct ids.
 * Template errors are returned with the file they come from, for logging (and for the owner's
 * preview); the output is still served.
 */
export function renderPage(
  engine: Engine,
  theme: ActiveTheme,
  templateName: string,
  layoutId: string,
  context: Record<string, unknown>,
  options: { locale: string; now: number },
): RenderedPage {
  const template = mainTemplate(theme, templateName);
  const layout = theme.compiled.layouts.get(layoutId) ?? theme.compiled.layouts.get(theme.compiled.source.defaultLayout);
  if (!template || !layout) throw new Error(`Theme '${theme.id}' has no template '${templateName}' or layout '${layoutId}'`);
  const base = { partials: theme.compiled.partials, locale: options.locale, now: options.now, options: { [ISLAND_IDS_OPTION]: createIslandIds() } };
  const main = engine.render(template, { ...base, json: context });
  const render = { ...(context.render as Record<string, unknown> | undefined), mainContent: main.output };
  const page = engine.render(layout, { ...base, json: { ...context, render } });
  const layoutFile = theme.compiled.source.layouts.get(layoutId)?.file;
  return {
    html: page.output,
    errors: [...main.errors.map((e) => ({ ...e, file: templateName })), ...page.errors.map((e) => ({ ...e, file: layoutFile ?? layoutId }))],
  };
}
