/** A tax rate in percent as stored: whole thousandths of a percent (8.875 % is 8875). */
export function thousandthsOf(percent: number): number {
  return Math.round(percent * 1000);
}

/** True for a percentage with at most three decimals (8.875), the precision tax rates are kept at. */
export function hasAtMostThreeDecimals(percent: number): boolean {
  return Math.abs(percent * 1000 - thousandthsOf(percent)) < 1e-6;
}
