import type { BlockFieldDecl, ExpandedTemplate, QueryDecl, ThemeProblem } from './model.js';

/**
 * Where the expanded templates read what the server prepares for each page. The page renderer
 * fills these keys; nothing else should write them.
 */
export const THEME_CONTEXT = Object.freeze({
  navigations: 'render.theme.navigations',
  folderNavigation: 'render.theme.folderNavigation',
  blockFields: 'render.theme.blockFields',
  queries: 'render.theme.queries',
  headers: 'render.theme.headers',
  pageId: 'render.theme.pageId',
  pageClasses: 'render.theme.pageClasses',
  cartClasses: 'render.theme.cartClasses',
  mainContent: 'render.mainContent',
});

/** The partial that renders a list of blocks (page bodies and block fields). */
export const BLOCKS_PARTIAL = 'emporium-blocks.block';

/** Query limits of the vendor's documentation: 8 queries a page, 100 items each, skip at most 10. */
export const QUERY_LIMITS = Object.freeze({ perPage: 8, items: 100, skip: 10 });

/** What `{squarespace-footers}` prints: the floating cart, the pop-up, the cookie banner and the storefront's scripts. */
const FOOTERS =
  '{.section render.islands.cartPill}<aside class="cart-pill-region" aria-label="Cart summary">{@|island CartPill}</aside>{.end}' +
  '{.section render.islands.popupOverlay}{@|island PopupOverlay}{.end}' +
  '{.section render.cookieBanner}{@|apply cookie-banner.block}{.end}' +
  '{render.scripts}';

/** `squarespace.*` variables and the context path each one reads. */
const VARIABLES: Readonly<Record<string, string>> = {
  'main-content': THEME_CONTEXT.mainContent,
  'page-id': THEME_CONTEXT.pageId,
  'page-classes': THEME_CONTEXT.pageClasses,
  'cart-classes': THEME_CONTEXT.cartClasses,
  'site-title': 'website.siteTitle|html',
  'site-url': 'website.baseUrl|htmlattr',
};

/** The context key of a block field id: safe for a JSON-T path. */
export function blockFieldKey(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const m of raw.matchAll(/([A-Za-z][A-Za-z0-9_:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** The replacement padded with the newlines the tag spanned, so later lines keep their numbers. */
function keepLines(original: string, replacement: string): string {
  const newlines = original.split('\n').length - 1;
  return replacement + '\n'.repeat(newlines);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function boundedInt(value: string | undefined, fallback: number, max: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
}

/** Counts query keys across a theme so every query has its own. */
export interface ExpandState {
  queries: number;
}

const TAG = /<squarespace:([a-z-]+)\b((?:\s+[A-Za-z][A-Za-z0-9_:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const CLOSE_QUERY = /<\/squarespace:query\s*>/;
const CLOSE_ANY = /^\s*<\/squarespace:[a-z-]+\s*>/;

/**
 * Expands the server tags and `squarespace.*` variables of one template file into JSON-T
 * (see docs/themes.md): navigations, folder navigation, block fields, queries, scripts,
 * `{squarespace-headers}`, `{squarespace-footers}`. Problems (an unknown tag or variable, a
 * navigation the theme does not declare, a query without a collection) are added to
 * `problems` with the file and line; the template still expands.
 */
export function expandTags(
  file: string,
  source: string,
  theme: { navigations: ReadonlySet<string>; scriptUrl: (src: string) => string | undefined },
  state: ExpandState,
  problems: ThemeProblem[],
): ExpandedTemplate {
  const navigations = new Set<string>();
  const blockFields: BlockFieldDecl[] = [];
  const queries: QueryDecl[] = [];
  let folderNavigation = false;
  const problem = (offset: number, message: string, severity: ThemeProblem['severity'] = 'error') =>
    problems.push({ file, line: lineAt(source, offset), column: 1, message, severity });

  let out = '';
  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(source); m; m = TAG.exec(source)) {
    const [whole, name, rawAttrs, selfClosing] = m;
    const attrs = attributes(rawAttrs ?? '');
    out += source.slice(at, m.index);
    at = m.index + whole.length;
    // `<squarespace:x ...></squarespace:x>` counts as self-closing for every tag but query.
    const closeRight = name !== 'query' && !selfClosing ? CLOSE_ANY.exec(source.slice(at)) : null;
    const original = closeRight ? whole + closeRight[0] : whole;
    if (closeRight) at += closeRight[0].length;
    switch (name) {
      case 'navigation': {
        const id = attrs.navigationId ?? '';
        const template = attrs.template ?? '';
        if (!id || !template) problem(m.index, '<squarespace:navigation> needs navigationId and template');
        else if (!theme.navigations.has(id)) problem(m.index, `navigation "${id}" is not declared in template.conf "navigations"`, 'warning');
        navigations.add(id);
        out += keepLines(original, id && template ? `{.section ${THEME_CONTEXT.navigations}.${blockFieldKey(id)}}{@|apply ${template}.block}{.end}` : '');
        break;
      }
      case 'folder-navigation': {
        folderNavigation = true;
        const template = attrs.template ?? '';
        if (!template) problem(m.index, '<squarespace:folder-navigation> needs a template');
        out += keepLines(original, template ? `{.section ${THEME_CONTEXT.folderNavigation}}{@|apply ${template}.block}{.end}` : '');
        break;
      }
      case 'block-field': {
        const id = attrs.id ?? '';
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
          problem(m.index, '<squarespace:block-field> needs an id of letters, digits, - and _');
          out += keepLines(original, '');
          break;
        }
        const columns = attrs.columns === '1' ? 1 : 12;
        const key = blockFieldKey(id);
        blockFields.push({ id, key, label: attrs.label || id, columns, lockLayout: attrs['lock-layout'] === 'true', file, line: lineAt(source, m.index) });
        out += keepLines(
          original,
          `<div class="sqs-block-field" data-block-field="${id}" data-columns="${columns}">` +
            `{.section ${THEME_CONTEXT.blockFields}.${key}}{@|apply ${BLOCKS_PARTIAL}}{.end}</div>`,
        );
        break;
      }
      case 'query': {
        const key = `q${state.queries++}`;
        if (!attrs.collection) problem(m.index, '<squarespace:query> needs a collection');
        queries.push({
          key,
          collection: attrs.collection ?? '',
          limit: boundedInt(attrs.limit, 10, QUERY_LIMITS.items),
          skip: boundedInt(attrs.skip, 0, QUERY_LIMITS.skip),
          featured: attrs.featured === 'true',
          tags: list(attrs.tag),
          categories: list(attrs.category),
          file,
          line: lineAt(source, m.index),
        });
        if (selfClosing) {
          out += keepLines(original, '');
          break;
        }
        const close = CLOSE_QUERY.exec(source.slice(at));
        if (!close) {
          problem(m.index, '<squarespace:query> is not closed by </squarespace:query>');
          out += keepLines(original, '');
          break;
        }
        // The body stays where it is; the opening and closing tags become one section.
        const body = source.slice(at, at + close.index);
        out +=
          keepLines(original, `{.section ${THEME_CONTEXT.queries}.${key}}`) + expandVariables(file, body, source, at, problems) + keepLines(close[0], '{.end}');
        at += close.index + close[0].length;
        TAG.lastIndex = at;
        break;
      }
      case 'script': {
        const src = attrs.src ?? '';
        const url = src ? theme.scriptUrl(src.replace(/^\/?(scripts\/)?/, '')) : undefined;
        if (!url) problem(m.index, `<squarespace:script> names "${src}", which is not in scripts/`);
        out += keepLines(original, url ? `<script src="${url}" defer></script>` : '');
        break;
      }
      default:
        problem(m.index, `<squarespace:${name}> is not supported and prints nothing`, 'warning');
        out += keepLines(original, '');
    }
  }
  out += source.slice(at);
  return { file, source: expandVariables(file, out, out, 0, problems), navigations: [...navigations], blockFields, queries, folderNavigation };
}

const VARIABLE = /\{squarespace(-headers|-footers|\.([a-z][a-z0-9-]*))(\|[^{}]*)?\}/g;

/** Replaces `{squarespace-headers}`, `{squarespace-footers}` and `{squarespace.x}` in `text`. */
function expandVariables(file: string, text: string, whole: string, offset: number, problems: ThemeProblem[]): string {
  return text.replace(VARIABLE, (match, kind: string, name: string | undefined, formatters: string | undefined, at: number) => {
    if (kind === '-headers') return `{${THEME_CONTEXT.headers}}`;
    if (kind === '-footers') return FOOTERS;
    const path = name ? VARIABLES[name] : undefined;
    if (path) return `{${path}${path.includes('|') ? '' : (formatters ?? '')}}`;
    problems.push({
      file,
      line: lineAt(whole, offset + at),
      column: 1,
      severity: 'warning',
      message: `${match} is not a variable Emporium knows; it prints nothing`,
    });
    return '';
  });
}

/** Bare variables that hold markup on purpose (sanitised owner HTML, the page's own parts): printed as they are. */
const RAW_NAMES = new Set([
  'body',
  'excerpt',
  'html',
  'mainContent',
  'main-content',
  'headers',
  'footers',
  'scripts',
  'styles',
  'headScripts',
  'headMeta',
  'pageClasses',
  'pageId',
  'cartClasses',
]);

const BARE_VARIABLE = /\{([A-Za-z_$@][A-Za-z0-9_$@.-]*)\}/g;

/**
 * Makes every variable printed without a formatter (`{title}`) print escaped, as if written
 * `{title|htmlattr}`; names in {@link RAW_NAMES} (`{body}`, `{excerpt}`...) keep printing as they
 * are. Applied to themes that are not ours, so text a visitor wrote (a review, a form answer)
 * can never become markup through a template that forgot a formatter.
 */
export function escapeBareVariables(source: string): string {
  return source.replace(BARE_VARIABLE, (whole, path: string) => {
    const last = path.slice(path.lastIndexOf('.') + 1);
    return RAW_NAMES.has(last) ? whole : `{${path}|htmlattr}`;
  });
}
