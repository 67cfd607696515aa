import { createHash } from 'node:crypto';
import { collectionConfSchema, pageConfSchema, parseConf, type TemplateConf, templateConfSchema } from './conf.js';
import type { ThemeFiles } from './files.js';
import type { CollectionSource, ExpandedTemplate, LayoutSource, NavigationDecl, StaticPageSource, ThemeAsset, ThemeProblem, ThemeSource } from './model.js';
import { escapeBareVariables, type ExpandState, expandTags } from './tags.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** Folders of the format; files elsewhere (but the root's conf and regions) are ignored. */
const FOLDERS = new Set(['assets', 'blocks', 'collections', 'pages', 'scripts', 'styles']);

/** Files a designer's tools keep beside a theme (package manifests, sources, read-me): ignored without a warning. */
const TOOLING = /^(package(-lock)?\.json|tsconfig\.json|[^/]*\.md|licen[cs]e[^/]*|changelog[^/]*|src\/.*|test\/.*)$/i;

/** The public URL of a file of `assets/` or `scripts/`: the content hash goes before the extension. */
function hashedUrl(path: string, hash: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const stem = dot > slash ? path.slice(0, dot) : path;
  const ext = dot > slash ? path.slice(dot) : '';
  const under = path.startsWith('scripts/') ? `/assets/${path}` : `/${path}`;
  return `${under.slice(0, under.length - path.length)}${stem}.${hash}${ext}`;
}

function assetOf(path: string, body: Buffer, problems: ThemeProblem[]): ThemeAsset | undefined {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const contentType = Object.hasOwn(CONTENT_TYPES, ext) ? CONTENT_TYPES[ext]! : undefined;
  if (!contentType) {
    problems.push({ file: path, line: 1, column: 1, severity: 'warning', message: `files of type .${ext} are not served` });
    return undefined;
  }
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  return Object.freeze({ path, contentType, body, hash, url: hashedUrl(path, hash) });
}

function regionFile(name: string): string {
  return name.endsWith('.region') ? name : `${name}.region`;
}

/** A theme id: lower-case letters, digits and dashes, from the theme's name. */
export function themeIdOf(name: string): string {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return id || 'theme';
}

/** Replaces `/assets/x.y` references in template text with their hashed URLs. */
function rewriteAssetUrls(text: string, assets: ReadonlyMap<string, ThemeAsset>): string {
  if (assets.size === 0) return text;
  return text.replace(/(["'(])\/(assets\/[A-Za-z0-9_][A-Za-z0-9._/-]*)/g, (m, quote: string, path: string) => {
    const asset = assets.get(path);
    return asset ? `${quote}${asset.url}` : m;
  });
}

/**
 * Reads a theme's files: `template.conf`, regions and layouts, collections, blocks, static
 * pages, stylesheets, assets and scripts, with every server tag expanded into JSON-T. Never
 * throws on content: what is wrong is in `problems` (errors refuse the theme at install, see
 * {@link hasErrors}); what is missing and optional is simply absent. `id` defaults to the
 * conf's name made into an id. `escapeBareVariables` (for themes that are not ours) makes
 * variables printed without a formatter print escaped (see {@link escapeBareVariables}).
 */
export function readTheme(files: ThemeFiles, id?: string, options: { escapeBareVariables?: boolean } = {}): ThemeSource {
  const problems: ThemeProblem[] = [];
  const text = (path: string): string | undefined => files.get(path)?.toString('utf8');
  const confSource = text('template.conf');
  let conf: TemplateConf | undefined;
  if (confSource === undefined) problems.push({ file: 'template.conf', line: 0, column: 0, severity: 'error', message: 'the theme has no template.conf' });
  else conf = parseConf('template.conf', confSource, templateConfSchema, problems);
  conf ??= { name: id ?? 'Untitled theme', layouts: {} };

  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) hash.update(path).update('\0').update(files.get(path)!).update('\0');

  const assets = new Map<string, ThemeAsset>();
  const textFiles = new Map<string, string>();
  for (const [path, body] of files) {
    const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
    if (top === 'assets' || top === 'scripts') {
      const asset = assetOf(path, body, problems);
      if (asset) assets.set(path, asset);
    } else if (TOOLING.test(path)) {
      continue;
    } else if (top === '' ? !/\.(region|conf)$/.test(path) : !FOLDERS.has(top)) {
      problems.push({ file: path, line: 1, column: 1, severity: 'warning', message: 'not part of the theme format; ignored' });
      continue;
    }
    if (top !== 'assets' || /\.(css|less|svg)$/.test(path)) textFiles.set(path, body.toString('utf8'));
  }

  const navigations: NavigationDecl[] = (conf.navigations ?? []).map((n) => ({ name: n.name, title: n.title ?? n.name }));
  const seen = new Set<string>();
  for (const n of navigations) {
    if (seen.has(n.name)) problems.push({ file: 'template.conf', line: 1, column: 1, severity: 'error', message: `navigation "${n.name}" is declared twice` });
    seen.add(n.name);
  }
  const state: ExpandState = { queries: 0 };
  const scriptUrl = (src: string) => assets.get(`scripts/${src}`)?.url;
  const escape = options.escapeBareVariables ? escapeBareVariables : (text: string) => text;
  const expand = (file: string, source: string): ExpandedTemplate =>
    expandTags(file, escape(rewriteAssetUrls(source, assets)), { navigations: seen, scriptUrl }, state, problems);

  // Each region is expanded once, under its own name (so problems point at the region's file and
  // line), and layouts join the expanded regions; tags keep line counts, so lines still map back.
  const expandedRegions = new Map<string, ExpandedTemplate>();
  const layouts = new Map<string, LayoutSource>();
  for (const [layoutId, layout] of Object.entries(conf.layouts)) {
    const regions: { file: string; firstLine: number }[] = [];
    const parts: ExpandedTemplate[] = [];
    let joined = '';
    for (const region of layout.regions) {
      const file = regionFile(region);
      const source = text(file);
      if (source === undefined) {
        problems.push({
          file: 'template.conf',
          line: 1,
          column: 1,
          severity: 'error',
          message: `layout "${layoutId}" names region "${region}", but ${file} does not exist`,
        });
        continue;
      }
      let expanded = expandedRegions.get(file);
      if (!expanded) expandedRegions.set(file, (expanded = expand(file, source.endsWith('\n') ? source : `${source}\n`)));
      regions.push({ file, firstLine: joined.split('\n').length });
      parts.push(expanded);
      joined += expanded.source;
    }
    if (regions.length === 0) continue;
    layouts.set(layoutId, {
      id: layoutId,
      name: layout.name ?? layoutId,
      regions,
      file: regions.length === 1 ? regions[0]!.file : `layout ${layoutId}`,
      source: joined,
      navigations: [...new Set(parts.flatMap((p) => p.navigations))],
      blockFields: parts.flatMap((p) => p.blockFields),
      queries: parts.flatMap((p) => p.queries),
      folderNavigation: parts.some((p) => p.folderNavigation),
    });
  }
  if (confSource !== undefined && layouts.size === 0) {
    problems.push({ file: 'template.conf', line: 1, column: 1, severity: 'error', message: 'the theme declares no layout' });
  }
  let defaultLayout = 'default';
  if (!layouts.has('default') && layouts.size > 0) {
    defaultLayout = layouts.keys().next().value!;
    problems.push({ file: 'template.conf', line: 1, column: 1, severity: 'warning', message: `no "default" layout; "${defaultLayout}" is the default` });
  }

  const collections = new Map<string, CollectionSource>();
  const blocks = new Map<string, ExpandedTemplate>();
  const pages = new Map<string, StaticPageSource>();
  const collectionFiles = new Map<string, { conf?: string; list?: string; item?: string }>();
  for (const path of [...files.keys()].sort()) {
    const source = text(path)!;
    let m: RegExpExecArray | null;
    if ((m = /^collections\/([A-Za-z0-9_-]+)\.(conf|list|item)$/.exec(path))) {
      const entry = collectionFiles.get(m[1]!) ?? {};
      entry[m[2] as 'conf' | 'list' | 'item'] = path;
      collectionFiles.set(m[1]!, entry);
    } else if ((m = /^blocks\/([A-Za-z0-9_.-]+\.block)$/.exec(path))) {
      blocks.set(m[1]!, expand(path, source));
    } else if ((m = /^pages\/([a-z0-9][a-z0-9-]*)\.page$/.exec(path))) {
      const confFile = `${path}.conf`;
      const pageConfSource = text(confFile);
      const pageConf = pageConfSource === undefined ? {} : (parseConf(confFile, pageConfSource, pageConfSchema, problems) ?? {});
      pages.set(m[1]!, { name: m[1]!, conf: pageConf, template: expand(path, source) });
    } else if (path.startsWith('pages/') && !path.endsWith('.page.conf')) {
      problems.push({ file: path, line: 1, column: 1, severity: 'warning', message: 'a static page is named pages/{lower-case-name}.page; ignored' });
    } else if (path.startsWith('collections/') || (path.startsWith('blocks/') && !path.endsWith('.block'))) {
      problems.push({ file: path, line: 1, column: 1, severity: 'warning', message: 'not a collection or block file; ignored' });
    }
  }
  for (const [type, entry] of collectionFiles) {
    const confText = entry.conf ? text(entry.conf) : undefined;
    collections.set(type, {
      type,
      conf: entry.conf && confText !== undefined ? parseConf(entry.conf, confText, collectionConfSchema, problems) : undefined,
      list: entry.list ? expand(entry.list, text(entry.list)!) : undefined,
      item: entry.item ? expand(entry.item, text(entry.item)!) : undefined,
    });
  }

  const styleFiles = [...files.keys()].filter((p) => p.startsWith('styles/') && /\.(less|css)$/.test(p));
  const order = conf.stylesheets ?? styleFiles.map((p) => p.slice('styles/'.length)).sort();
  const stylesheets: { file: string; source: string }[] = [];
  for (const name of order) {
    const file = `styles/${name.replace(/^\/?(styles\/)?/, '')}`;
    const source = text(file);
    if (source === undefined)
      problems.push({ file: 'template.conf', line: 1, column: 1, severity: 'error', message: `stylesheet "${name}" is not in styles/` });
    else stylesheets.push({ file, source });
  }

  return Object.freeze({
    id: id ?? themeIdOf(conf.name),
    conf,
    hash: hash.digest('hex'),
    navigations,
    layouts,
    defaultLayout,
    collections,
    blocks,
    pages,
    stylesheets,
    assets,
    textFiles,
    problems,
  });
}

/** Whether a theme's problems include an error (a theme with errors is never installed). */
export function hasErrors(problems: readonly ThemeProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
