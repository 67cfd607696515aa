import { isDeepStrictEqual } from 'node:util';
import { GridMessages, placementOf } from '../block-kinds/index.js';

/** What a theme declares of one of its block fields (`<squarespace:block-field>`): one column or twelve, and whether its layout is fixed. */
export interface BlockFieldRule {
  readonly id: string;
  /** The field's name in the dashboard (its `label`, else its id). */
  readonly label?: string;
  readonly columns: number;
  readonly lockLayout: boolean;
}

type Declares = { readonly blockFields: readonly BlockFieldRule[] };

/** The parts of a theme's source that declare block fields. */
export interface DeclaringSource {
  readonly layouts: ReadonlyMap<string, Declares>;
  readonly blocks: ReadonlyMap<string, Declares>;
  readonly collections: ReadonlyMap<string, { readonly list: Declares | undefined; readonly item: Declares | undefined }>;
  readonly pages: ReadonlyMap<string, { readonly template: Declares }>;
}

/** The block fields a theme declares in its layouts, block partials, collection templates and pages, each once by id. */
export function blockFieldRulesOf(source: DeclaringSource): BlockFieldRule[] {
  const templates: (Declares | undefined)[] = [
    ...source.layouts.values(),
    ...source.blocks.values(),
    ...[...source.collections.values()].flatMap((c) => [c.list, c.item]),
    ...[...source.pages.values()].map((p) => p.template),
  ];
  const byId = new Map<string, BlockFieldRule>();
  for (const field of templates.flatMap((t) => t?.blockFields ?? [])) {
    const seen = byId.get(field.id);
    // A field declared twice is as strict as its strictest declaration.
    byId.set(field.id, {
      id: field.id,
      label: seen?.label ?? field.label ?? field.id,
      columns: Math.min(field.columns, seen?.columns ?? field.columns),
      lockLayout: field.lockLayout || (seen?.lockLayout ?? false),
    });
  }
  return [...byId.values()];
}

const blocksOf = (fields: unknown, id: string): Record<string, unknown>[] => {
  const value = fields && typeof fields === 'object' ? (fields as Record<string, unknown>)[id] : undefined;
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
};

/** A layout's shape: each block's kind and place on the grid, in order (what a locked layout keeps). */
const shapeOf = (blocks: readonly Record<string, unknown>[]) => blocks.map((b) => [b.typeName, placementOf(b)]);

/**
 * The first problem of saving `after` over `before` (the `blockFields` setting: blocks by field
 * id) under the theme's rules: a `lock-layout` field whose blocks were added, removed, moved or
 * re-placed (content edits are fine), or a `columns="1"` field with a block set beside another.
 */
export function blockFieldProblem(rules: readonly BlockFieldRule[], before: unknown, after: unknown): { fieldId: string; message: string } | undefined {
  for (const rule of rules) {
    const next = blocksOf(after, rule.id);
    if (rule.lockLayout && !isDeepStrictEqual(shapeOf(blocksOf(before, rule.id)), shapeOf(next))) return { fieldId: rule.id, message: GridMessages.LOCKED };
    if (rule.columns === 1 && next.some((b) => placementOf(b).beside === true)) return { fieldId: rule.id, message: GridMessages.SINGLE_COLUMN };
  }
  return undefined;
}
