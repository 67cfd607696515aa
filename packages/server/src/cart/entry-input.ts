import { parseQuantity, QUANTITY_INPUT } from '@emporium/commerce';
import { AppError } from '../errors/index.js';
import { assertAcceptableInput } from '../http/input-guard.js';

/**
 * The quantity of an add by the shared rule ('Quantity must be a number.', 'Quantity must be a
 * whole number'; whole numbers clamp to 1-9999). Missing means 1.
 */
export function readQuantity(value: number | string | null | undefined): number {
  if (value === undefined || value === null) return QUANTITY_INPUT.defaultValue;
  const parsed = parseQuantity(value);
  if (parsed.ok) return parsed.quantity;
  throw new AppError('VALIDATION_FAILED', parsed.message);
}

/** The new quantity of an entry: 0 (remove it) or a quantity by the add rule. */
export function readEntryQuantity(value: number | string): number {
  if (value === 0 || value === '0') return 0;
  return readQuantity(value);
}

/**
 * The additional-field answers, sent as a JSON string (spec 7): the parsed value, or null when
 * absent or empty; 400 when the text is not JSON or holds input the server refuses.
 */
export function readAdditionalFields(text: string | null | undefined): unknown {
  if (text === undefined || text === null || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'additionalFields must be a JSON string.');
  }
  assertAcceptableInput(parsed, 'body.additionalFields');
  return parsed;
}
