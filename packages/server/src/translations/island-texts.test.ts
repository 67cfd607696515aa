import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ISLAND_NAMES, ISLAND_TEXTS, ISLANDS_WITH_OWN_TEXTS, type IslandName, islandTextsOf } from '@emporium/storefront';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SYSTEM_TEXTS } from './system-texts.js';

/** The storefront's sources, where the islands are. */
const SRC = join(dirname(createRequire(import.meta.url).resolve('@emporium/storefront/package.json')), 'src');
const ENGLISH = SYSTEM_TEXTS.map((s) => s.en);

/** What a call to the text helper asks for: a text, or a template literal's parts (its `${…}` between them). */
type Asked = { readonly text: string } | { readonly parts: readonly string[] };

/** The file a relative import names (`./x.js` is `x.ts` or `x.tsx`), if it is a source file. */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec).replace(/\.js$/, '');
  return ['.tsx', '.ts', '/index.ts'].map((ext) => base + ext).find(existsSync);
}

/** The module's value-imports: local name → [module specifier, imported name]. */
function importsOf(source: ts.SourceFile): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    const named = statement.importClause?.namedBindings;
    if (named && ts.isNamedImports(named))
      for (const el of named.elements) if (!el.isTypeOnly) out.set(el.name.text, [spec, (el.propertyName ?? el.name).text]);
  }
  return out;
}

/** The files an island's code reaches through value imports (static, dynamic and re-exports) under src/, but those of `skipped`. */
function moduleGraph(entry: string, skipped: readonly string[] = []): string[] {
  const seen = new Set<string>(skipped);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const walk = (node: ts.Node) => {
      let spec: string | undefined;
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) spec = (node.moduleSpecifier as ts.StringLiteral).text;
      else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) spec = (node.moduleSpecifier as ts.StringLiteral).text;
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!))
        spec = node.arguments[0].text;
      const target = spec === undefined ? undefined : resolveImport(file, spec);
      if (target) visit(target);
      ts.forEachChild(node, walk);
    };
    walk(source);
  };
  visit(entry);
  return [...seen].filter((file) => !skipped.includes(file));
}

/** The module of an import specifier, loaded to read a constant (`CheckoutTexts.PLACE_ORDER`). */
async function loadModule(file: string, spec: string): Promise<Record<string, unknown>> {
  return (await import(spec.startsWith('.') ? resolveImport(file, spec)! : spec)) as Record<string, unknown>;
}

/**
 * Every text a file asks the text helper for (`const t = useText()`, then `t(…)`; a helper
 * handed `t` under the same name counts too) whose English the code holds: a string or template
 * literal, a constant of an imported object or of a local object, either branch of `a ? b : c`
 * and either side of `??` and `||`. Messages that arrive at run time (an error's text) are not
 * seen here: the island's declared list names them by hand.
 */
async function askedIn(file: string): Promise<Asked[]> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const imports = importsOf(source);
  const helpers = new Set<string>();
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  const strings = new Map<string, string>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'useText') helpers.add(node.name.text);
      const value = ts.isCallExpression(init) && init.arguments[0] && ts.isObjectLiteralExpression(init.arguments[0]) ? init.arguments[0] : init;
      if (ts.isObjectLiteralExpression(value)) objects.set(node.name.text, value);
      if (ts.isStringLiteralLike(init)) strings.set(node.name.text, init.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const stringsOf = (object: ts.ObjectLiteralExpression, key?: string) =>
    object.properties.flatMap((p) =>
      ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) && (key === undefined || p.name.getText() === key) ? [p.initializer.text] : [],
    );
  const evaluate = async (node: ts.Expression): Promise<Asked[]> => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return evaluate(node.expression);
    if (ts.isStringLiteralLike(node)) return node.text ? [{ text: node.text }] : [];
    if (ts.isTemplateExpression(node)) return [{ parts: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)] }];
    if (ts.isConditionalExpression(node)) return [...(await evaluate(node.whenTrue)), ...(await evaluate(node.whenFalse))];
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind))
      return [...(await evaluate(node.left)), ...(await evaluate(node.right))];
    if (ts.isIdentifier(node) && strings.has(node.text)) return [{ text: strings.get(node.text)! }];
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && ts.isIdentifier(node.expression)) {
      const owner = node.expression.text;
      const key = ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
      const local = objects.get(owner);
      if (local) return stringsOf(local, key).map((text) => ({ text }));
      const imported = imports.get(owner);
      if (imported && key !== undefined) {
        const value = ((await loadModule(file, imported[0]))[imported[1]] as Record<string, unknown> | undefined)?.[key];
        if (typeof value === 'string') return [{ text: value }];
      }
    }
    return [];
  };
  const calls: ts.Expression[] = [];
  const find = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && helpers.has(node.expression.text) && node.arguments[0]) calls.push(node.arguments[0]);
    ts.forEachChild(node, find);
  };
  if (helpers.size > 0) find(source);
  return (await Promise.all(calls.map(evaluate))).flat();
}

/** A declared text with placeholders as a pattern of what it matches once filled in. */
function patternOf(declared: string): RegExp {
  const escaped = declared.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+');
  return new RegExp(`^${escaped}$`, 's');
}

/** True when `asked` is among `declared`: the same text, the text filled in, or (a template literal) a text it can spell. */
function isDeclared(asked: Asked, declared: readonly string[]): boolean {
  if ('text' in asked) return declared.includes(asked.text) || declared.some((d) => patternOf(d).test(asked.text));
  const sample = asked.parts.join('Xq');
  const spelled = new RegExp(`^${asked.parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');
  return declared.some((d) => patternOf(d).test(sample) || spelled.test(d));
}

function describeAsked(asked: Asked): string {
  return 'text' in asked ? asked.text : asked.parts.join('${…}');
}

function islandFile(name: IslandName): string {
  return join(SRC, 'islands', `${name}.tsx`);
}

/** What the island's code asks for, in every file it reaches. */
async function askedBy(name: IslandName): Promise<Asked[]> {
  const skipped = (ISLANDS_WITH_OWN_TEXTS[name] ?? []).map(islandFile);
  return (await Promise.all(moduleGraph(islandFile(name), skipped).map(askedIn))).flat();
}

/** The system texts the island's code asks for that its list leaves out. */
async function undeclaredOf(name: IslandName): Promise<string[]> {
  const declared = islandTextsOf(name);
  const asked = (await askedBy(name)).filter((a) => isDeclared(a, ENGLISH));
  return [...new Set(asked.filter((a) => !isDeclared(a, declared)).map(describeAsked))];
}

describe('the system texts each island declares', () => {
  it.each(ISLAND_NAMES)('%s declares every text its code asks for', async (name) => {
    expect(await undeclaredOf(name)).toEqual([]);
  });

  it('sees the texts an island asks for, and a list that leaves one out fails', async () => {
    const asked = (await askedBy('ProductForm')).map(describeAsked);
    // A literal, a text of a local object (the variant suffixes), a template literal, an imported constant, in a component it renders.
    expect(asked).toEqual(expect.arrayContaining(['Add To Cart', '(Sold Out)', 'Select ${…}', 'Adding…', 'Quantity']));
    expect(isDeclared({ text: 'Quantity' }, ['Add To Cart'])).toBe(false);
    expect(isDeclared({ parts: ['Select ', ''] }, ['Select {option}'])).toBe(true);
    expect(isDeclared({ parts: ['Choose a ', ''] }, ['Choose a state'])).toBe(true);
    expect(isDeclared({ parts: ['Choose a ', ''] }, ['Choose a'])).toBe(false);
  });

  it('declares only system texts, so an English changed in the catalogue fails here rather than showing English on a French page', () => {
    for (const name of ISLAND_NAMES)
      expect(
        islandTextsOf(name).filter((text) => !ENGLISH.includes(text)),
        name,
      ).toEqual([]);
  });

  it('gives every system text of the storefront to some island, but those of the pages the server writes and those the theme prints', () => {
    const declared = new Set(ISLAND_NAMES.flatMap((name) => islandTextsOf(name)));
    // The server writes these pages itself; the block templates print texts the server gives every page (`render.blockTexts`).
    const serverPages: readonly string[] = ['Course page', 'Account pages', 'Contribution confirmed', 'Page blocks', 'Member areas'];
    // The server writes these itself: the donation's thank-you page, the donate page's note for when its form cannot load.
    const serverTexts: readonly string[] = ['donation.thankYou', 'donation.formUnavailable'];
    const left = SYSTEM_TEXTS.filter((s) => !declared.has(s.en) && !s.templateKey && !serverPages.includes(s.where) && !serverTexts.includes(s.id));
    expect(
      left.map((s) => s.id),
      'add each to the list of the island that shows it (ISLAND_TEXTS), or here when only the server writes it',
    ).toEqual([]);
  });

  it('lists each island once, by the names the renderer knows', () => {
    expect(Object.keys(ISLAND_TEXTS).sort()).toEqual([...ISLAND_NAMES].sort());
    for (const name of ISLAND_NAMES) expect(new Set(islandTextsOf(name)).size, name).toBe(islandTextsOf(name).length);
  });
});
