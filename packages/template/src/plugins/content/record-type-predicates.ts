import type { Predicate } from '../../plugin-api.js';
import { BACKGROUND_SOURCES, RECORD_TYPES } from './enums.js';
import { asNumber, asString, getProp } from './values.js';

/** Block types a post can be promoted as; each gets a `promotedNAME?` predicate. */
export const PROMOTED_BLOCK_TYPES: readonly string[] = Object.freeze([
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
]);

/** Record types whose predicate also matches an item promoted as the block type of the same name. */
const PROMOTABLE_RECORD_TYPES: readonly string[] = ['video', 'image', 'quote', 'link', 'gallery'];

function recordType(node: unknown): number {
  return asNumber(getProp(node, 'recordType'));
}

function promotedAs(node: unknown): string {
  return asString(getProp(node, 'promotedBlockType'));
}

function recordTypeIs(code: number): Predicate {
  return { apply: (_args, ctx) => recordType(ctx.node()) === code };
}

function recordTypeOrPromoted(code: number, blockType: string): Predicate {
  return {
    apply(_args, ctx) {
      const node = ctx.node();
      return recordType(node) === code || promotedAs(node) === blockType;
    },
  };
}

function promotedIs(blockType: string): Predicate {
  return { apply: (_args, ctx) => promotedAs(ctx.node()) === blockType };
}

function backgroundSourceIs(code: number): Predicate {
  return { apply: (_args, ctx) => asNumber(getProp(ctx.node(), 'backgroundSource')) === code };
}

/**
 * Builds `NAME?` for every record type (`video?` also as `external-video?`), `promotedTYPE?`
 * for every promotable block type and `background-source-NAME?` for every background source.
 */
export function recordTypePredicates(): Record<string, Predicate> {
  const out: Record<string, Predicate> = {};
  for (const [name, code] of Object.entries(RECORD_TYPES)) {
    out[`${name}?`] = PROMOTABLE_RECORD_TYPES.includes(name) ? recordTypeOrPromoted(code, name) : recordTypeIs(code);
  }
  out['external-video?'] = recordTypeOrPromoted(RECORD_TYPES.video as number, 'video');
  for (const type of PROMOTED_BLOCK_TYPES) out[`promoted${type.toUpperCase()}?`] = promotedIs(type);
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    out[`background-source-${name}?`] = backgroundSourceIs(code);
  }
  return out;
}
