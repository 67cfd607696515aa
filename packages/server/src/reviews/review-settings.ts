/**
 * Spec 2: the reviews section shows only when native or imported reviews display is enabled
 * in the product's merchandising settings (`products.merchandising`) and no kill-switch flag
 * (`websites.settings.reviewsKillSwitch`) is set.
 */
export function reviewsEnabled(merchandising: Readonly<Record<string, unknown>>, siteSettings: Readonly<Record<string, unknown>>): boolean {
  if (siteSettings.reviewsKillSwitch === true) return false;
  return merchandising.nativeReviewsDisplayEnabled === true || merchandising.importedReviewsDisplayEnabled === true;
}
