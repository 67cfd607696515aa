/** Said under the second password field when the two differ. */
export const PASSWORDS_DIFFER = 'The two passwords differ.';

/** The password of a form's `field` and its `repeat` field, and the complaint when the two differ. */
export function passwordPair(data: FormData, field = 'password'): { password: string; mismatch: string | undefined } {
  const password = String(data.get(field) ?? '');
  return { password, mismatch: password === String(data.get('repeat') ?? '') ? undefined : PASSWORDS_DIFFER };
}
