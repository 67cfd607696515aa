import type { TweakControl, TweakGroups } from './design-calls.js';

/** What the site styles also decide: the site's colours and its fonts. */
export type StyleConcern = 'colours' | 'fonts';

const COLOUR_CATEGORY = /^colou?rs?$/i;
const FONT_CATEGORY = /^(fonts?|typography|type)$/i;

/**
 * The concern of the site styles a theme setting belongs to: a colour setting, or any setting of
 * the theme's colour category (its light or dark scheme), is a colour; a font setting, or one of
 * its font category, a font; sizes, header and the rest belong to none.
 */
export function concernOf(categoryName: string, tweak: Pick<TweakControl, 'type'>): StyleConcern | undefined {
  const category = categoryName.trim();
  if (tweak.type === 'color' || COLOUR_CATEGORY.test(category)) return 'colours';
  if (tweak.type === 'font' || FONT_CATEGORY.test(category)) return 'fonts';
  return undefined;
}

/** The theme's settings of one concern, in the theme's order. */
export function tweaksOfConcern(groups: TweakGroups, concern: StyleConcern): TweakControl[] {
  return groups.categories.flatMap((category) => category.tweaks.filter((tweak) => concernOf(category.name, tweak) === concern));
}

/** The theme's categories without the settings of either concern (empty categories left out). */
export function otherCategories(groups: TweakGroups): TweakGroups['categories'] {
  return groups.categories
    .map((category) => ({ name: category.name, tweaks: category.tweaks.filter((tweak) => concernOf(category.name, tweak) === undefined) }))
    .filter((category) => category.tweaks.length > 0);
}
