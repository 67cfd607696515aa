/**
 * Reads per-field errors from a 400 response body: either `{ errors: { fieldId: message } }` or a
 * bare map of field id to message. Returns null when the body holds no such map.
 */
export function fieldErrorsFromResponse(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object') return null;
  const candidate = 'errors' in body ? (body as { errors: unknown }).errors : body;
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) return null;
  const entries = Object.entries(candidate as Record<string, unknown>).filter(([, v]) => typeof v === 'string');
  return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : null;
}
