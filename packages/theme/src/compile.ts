import type { Engine, Template, TemplateError } from '@emporium/template';
import type { ExpandedTemplate, LayoutSource, ThemeProblem, ThemeSource } from './model.js';
import { loadSystemLayer, type SystemLayer } from './system.js';
import { BLOCKS_PARTIAL } from './tags.js';
import { collectTweaks, type Tweak } from './tweaks.js';

/** A theme compiled with an engine, over the system layer. */
export interface CompiledTheme {
  readonly source: ThemeSource;
  readonly layouts: ReadonlyMap<string, Template>;
  /** Main-content templates by name: the theme's collection templates over the system's (`blog.list`), the system pages (`cart`). */
  readonly mains: ReadonlyMap<string, Template>;
  /** The theme's static pages by name. */
  readonly pages: ReadonlyMap<string, Template>;
  /** The system's partials with the theme's blocks over them. */
  readonly partials: Readonly<Record<string, Template>>;
  readonly tweaks: readonly Tweak[];
  /** Everything wrong or odd, the source's problems included. */
  readonly problems: readonly ThemeProblem[];
  readonly system: SystemLayer;
}

/** Where a line of a layout (its regions joined) comes from. */
function regionLine(layout: LayoutSource, line: number): { file: string; line: number } {
  let found = layout.regions[0] ?? { file: layout.file, firstLine: 1 };
  for (const region of layout.regions) if (region.firstLine <= line) found = region;
  return { file: found.file, line: line - found.firstLine + 1 };
}

function problemsOf(errors: readonly TemplateError[], where: (line: number) => { file: string; line: number }): ThemeProblem[] {
  return errors.map((e) => ({ ...where(e.line), column: e.column, message: e.message, severity: 'error' as const }));
}

/**
 * Compiles every template of a theme with `engine`: its layouts, collection templates, static
 * pages and blocks, with the system layer's pages, collections and partials under them, and
 * reads the tweaks of its stylesheets. Never throws on content: template errors are problems
 * with the file and line. A partial the theme applies that neither it nor the system has
 * prints nothing, with a warning.
 */
export function compileTheme(engine: Engine, source: ThemeSource, system: SystemLayer = loadSystemLayer()): CompiledTheme {
  const problems: ThemeProblem[] = [...source.problems];
  const compile = (template: ExpandedTemplate | { file: string; source: string }, where?: (line: number) => { file: string; line: number }): Template => {
    const result = engine.compile(template.source);
    problems.push(...problemsOf(result.errors, where ?? ((line) => ({ file: template.file, line }))));
    return result.template;
  };

  const partials: Record<string, Template> = Object.create(null);
  for (const [name, text] of system.partials) partials[name] = compile({ file: `system/${name}`, source: text });
  for (const [name, block] of source.blocks) partials[name] = compile(block);

  const layouts = new Map<string, Template>();
  for (const [id, layout] of source.layouts)
    layouts.set(
      id,
      compile(layout, (line) => regionLine(layout, line)),
    );

  const mains = new Map<string, Template>();
  for (const [name, text] of system.pages) mains.set(name, compile({ file: `system/${name}`, source: text }));
  for (const [name, text] of system.collections) mains.set(name, compile({ file: `system/${name}`, source: text }));
  for (const collection of source.collections.values()) {
    if (collection.list) mains.set(`${collection.type}.list`, compile(collection.list));
    if (collection.item) mains.set(`${collection.type}.item`, compile(collection.item));
  }

  const pages = new Map<string, Template>();
  for (const [name, page] of source.pages) pages.set(name, compile(page.template));

  const known = new Set(Object.keys(partials));
  const everyTemplate: ExpandedTemplate[] = [
    ...source.layouts.values(),
    ...source.blocks.values(),
    ...[...source.collections.values()].flatMap((c) => [c.list, c.item].filter((t): t is ExpandedTemplate => !!t)),
    ...[...source.pages.values()].map((p) => p.template),
  ];
  // A partial nobody has (real templates apply system partials such as sqs-share-buttons.block)
  // prints nothing, with a warning: the page still renders.
  const missing = compile({ file: 'system/empty', source: '' });
  for (const template of everyTemplate) {
    for (const m of template.source.matchAll(/\|apply ([^}\s|]+)/g)) {
      if (known.has(m[1]!)) continue;
      const line = template.source.slice(0, m.index).split('\n').length;
      problems.push({
        file: template.file,
        line,
        column: 1,
        severity: 'warning',
        message: `applies ${m[1]}, which is not in blocks/ nor a system partial; it prints nothing`,
      });
      partials[m[1]!] = missing;
      known.add(m[1]!);
    }
  }
  for (const name of source.conf.systemPartials ?? []) {
    const file = name.endsWith('.block') ? name : `${name}.block`;
    if (!system.partials.has(file) && !source.blocks.has(file)) {
      problems.push({ file: 'template.conf', line: 1, column: 1, severity: 'warning', message: `system partial "${name}" does not exist; it is ignored` });
    }
  }
  if (!known.has(BLOCKS_PARTIAL)) throw new Error(`the system layer has no ${BLOCKS_PARTIAL}`);

  const { tweaks, problems: tweakProblems } = collectTweaks(source.stylesheets);
  problems.push(...tweakProblems);
  return Object.freeze({ source, layouts, mains, pages, partials: Object.freeze(partials), tweaks, problems, system });
}
