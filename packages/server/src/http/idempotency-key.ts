import { createHash } from 'node:crypto';
import { z } from './schemas.js';

/** Request header carrying the idempotency key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Message when a key is reused with a different request body. */
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';

/** The `Idempotency-Key` header of keyed adds and checkouts (other headers pass through untouched). */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1-255 visible characters.' })
    .optional()
    .describe('Makes retries of the same request answer once: 1-255 visible ASCII characters'),
});

type Token = { value: unknown } | { text: string };

/** Keys sorted, in the order an object built from them lists them (integer-like keys first), as stored hashes were made. */
function sortedKeys(value: object): string[] {
  return Object.keys(
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, true]),
    ),
  );
}

function scalarJson(value: unknown, inArray: boolean): string | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return inArray ? 'null' : undefined;
  return JSON.stringify(value);
}

/**
 * `JSON.stringify` of `value` with object keys sorted, built with an explicit stack instead of
 * recursion so that no body, however deeply nested, can overflow the call stack.
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const pending: Token[] = [{ value }];
  while (pending.length > 0) {
    const token = pending.pop()!;
    if ('text' in token) {
      out += token.text;
      continue;
    }
    const current = token.value;
    if (Array.isArray(current)) {
      const parts: Token[] = [{ text: '[' }];
      current.forEach((element, index) => {
        if (index > 0) parts.push({ text: ',' });
        const scalar = element !== null && typeof element === 'object' ? undefined : scalarJson(element, true);
        parts.push(scalar === undefined ? { value: element } : { text: scalar });
      });
      parts.push({ text: ']' });
      for (let i = parts.length - 1; i >= 0; i -= 1) pending.push(parts[i]!);
      continue;
    }
    if (current !== null && typeof current === 'object') {
      const parts: Token[] = [{ text: '{' }];
      for (const key of sortedKeys(current)) {
        const field = (current as Record<string, unknown>)[key];
        const isContainer = field !== null && typeof field === 'object';
        const scalar = isContainer ? undefined : scalarJson(field, false);
        if (!isContainer && scalar === undefined) continue;
        parts.push({ text: `${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:` });
        parts.push(isContainer ? { value: field } : { text: scalar! });
      }
      parts.push({ text: '}' });
      for (let i = parts.length - 1; i >= 0; i -= 1) pending.push(parts[i]!);
      continue;
    }
    out += scalarJson(current, true);
  }
  return out;
}

/** SHA-256 of the request body with keys sorted. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}
