/** A rate typed as a percentage ('8.875' or '8,875') with at most three decimals, up to 100; null when it is no rate. */
export function ratePercentOf(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(normal)) return null;
  const percent = Number(normal);
  return percent <= 100 ? percent : null;
}
