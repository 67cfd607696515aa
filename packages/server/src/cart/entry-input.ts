import { parseQuantity, QUANTITY_INPUT } from '@emporium/commerce';
import { AppError } from '../http/errors.js';

/** Largest accepted `additionalFields` JSON string, in characters. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** Reads a required id field (itemId, entryId); 400 when missing or not a short string. */
export function readId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 128) {
    throw new AppError('VALIDATION_FAILED', `${name} is required.`);
  }
  return value.trim();
}

/** Reads an optional sku: a string, or null/undefined for "none chosen". */
export function readSku(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > 128) throw new AppError('VALIDATION_FAILED', 'sku must be a string or null.');
  return value;
}

/**
 * Reads a quantity by the shared rule ('Quantity must be a number.', 'Quantity must be a
 * whole number'; whole numbers clamp to 1-9999). Missing means 1.
 */
export function readQuantity(value: unknown): number {
  if (value === undefined || value === null) return QUANTITY_INPUT.defaultValue;
  if (typeof value !== 'number' && typeof value !== 'string') {
    return failQuantity(parseQuantity('x'));
  }
  const parsed = parseQuantity(value);
  return parsed.ok ? parsed.quantity : failQuantity(parsed);
}

function failQuantity(result: ReturnType<typeof parseQuantity>): never {
  throw new AppError('VALIDATION_FAILED', result.ok ? 'Quantity is not valid.' : result.message);
}

/**
 * Reads `additionalFields`, sent as a JSON string (spec 7); returns the parsed value, or null
 * when absent or empty.
 */
export function readAdditionalFields(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new AppError('VALIDATION_FAILED', 'additionalFields must be a JSON string.');
  if (value.length > MAX_ADDITIONAL_FIELDS_LENGTH) throw new AppError('VALIDATION_FAILED', 'additionalFields is too long.');
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'additionalFields must be a JSON string.');
  }
}

/** Reads a JSON request body as an object; 400 otherwise. */
export function readBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('VALIDATION_FAILED', 'Request body must be a JSON object.');
  return body as Record<string, unknown>;
}
