/** Rough heap bytes per object, array, Map or Set header, and per property or entry slot. */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;

/**
 * About how many bytes of heap `value` holds: strings at two bytes a character, numbers,
 * booleans and dates at a slot each, objects, arrays, Maps and Sets at a header and a slot per
 * entry plus their contents. For bounding caches by memory; a value reached twice counts once.
 */
export function approximateBytes(value: unknown, seen: Set<object> = new Set()): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length * 2;
    case 'number':
    case 'boolean':
    case 'bigint':
      return SLOT_BYTES;
    case 'object':
      break;
    default:
      return 0;
  }
  if (value === null) return 0;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (value instanceof Date) return OBJECT_BYTES;
  if (ArrayBuffer.isView(value)) return OBJECT_BYTES + value.byteLength;
  let bytes = OBJECT_BYTES;
  if (value instanceof Map) {
    for (const [k, v] of value) bytes += 2 * SLOT_BYTES + approximateBytes(k, seen) + approximateBytes(v, seen);
    return bytes;
  }
  if (value instanceof Set) {
    for (const v of value) bytes += SLOT_BYTES + approximateBytes(v, seen);
    return bytes;
  }
  if (Array.isArray(value)) {
    for (const v of value) bytes += SLOT_BYTES + approximateBytes(v, seen);
    return bytes;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    bytes += SLOT_BYTES + approximateBytes((value as Record<string, unknown>)[key], seen);
  }
  return bytes;
}
