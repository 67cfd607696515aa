import { numberOption, splitOption } from '../options.js';
import { categoryOf, unitId } from './unit-data.js';

/** Parsed `unit` formatter arguments. */
export interface UnitArgs {
  /** Unit of the input amount (`in:`). */
  input?: string;
  /** One unit to convert to (`out:inch`). */
  exact?: string;
  /** Units to choose the most compact from (`out:mile,yard,foot`). */
  choices?: string[];
  /** Named unit set or kind for the most compact form (`compact:bytes`). */
  compact?: string;
  /** Units to break the amount into (`sequence:hour,minute,second`). */
  sequence?: string[];
  /** Unit name width (`format:long`), narrow by default. */
  length: 'narrow' | 'short' | 'long';
  /** Number options (`group`, `maxfrac:3`...). */
  number: Record<string, unknown>;
}

/** A comma-separated list of units of one category; undefined if any is unknown or they are mixed. */
function unitList(text: string): string[] | undefined {
  const units = text.split(',').map(unitId);
  if (units.some((u) => u === undefined)) return undefined;
  const list = units as string[];
  const category = categoryOf(list[0] as string);
  return list.every((u) => categoryOf(u) === category) ? list : undefined;
}

/** Parses `in:`, `out:`, `compact:`, `sequence:`, `format:` and number options. */
export function unitArgs(args: readonly string[]): UnitArgs {
  const out: UnitArgs = { length: 'narrow', number: {} };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    switch (key) {
      case 'in':
        out.input = unitId(val);
        break;
      case 'out':
        if (val.includes(',')) out.choices = unitList(val);
        else out.exact = unitId(val);
        break;
      case 'compact':
        out.compact = val;
        break;
      case 'sequence':
        if (!out.sequence && out.compact === undefined) out.sequence = unitList(val);
        break;
      case 'format':
        if (val === 'long' || val === 'short' || val === 'narrow') out.length = val;
        break;
      default:
        numberOption(key, val, out.number);
        break;
    }
  }
  return out;
}
