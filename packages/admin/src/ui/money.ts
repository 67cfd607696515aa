/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY). */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units (cents) as money text in the browser's language ('€12.50'). */
export function formatCents(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 10 ** digits);
  } catch {
    return `${(cents / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** Money typed by an owner ('12.5', '12,50') in minor units of the currency; null when it is no amount. */
export function parseMoney(text: string, currency: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = normal.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** An amount in minor units as an owner types it back ('12.50', '500' for JPY). */
export function centsToText(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? String(cents) : `${Math.floor(cents / 10 ** digits)}.${String(cents % 10 ** digits).padStart(digits, '0')}`;
}
