import type { SubscriptionPlan } from '@emporium/commerce';
import type { VariantOption } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { chooseMailLanguage, mailPlanText, mailVariantOptions, type MailLanguage } from '../mail-language/index.js';
import type { Website } from '../sites/index.js';
import { readOwnerTexts } from '../translations/index.js';
import type { AccountLanguage } from './account-language.js';

/** How the account page writes the records it lists in its language: products by their translated titles and options, plans in words. */
export interface AccountRecordTexts {
  /** A product's title as the owner translated it (`title` where none is stored). */
  itemTitle(itemId: string | null | undefined, title: string): string;
  /** A line's variant options (`Taille : M`), names and values as the owner translated them; '' for none. */
  optionsText(itemId: string | null | undefined, options: readonly VariantOption[] | null | undefined): string;
  /** A subscription's price and plan (`9,90 $US chaque mois`). */
  planText(cents: number, currency: string, plan: SubscriptionPlan | null | undefined): string;
}

/**
 * The owner's texts of the products `itemIds` in the account page's language (one statement;
 * none in the primary language), with the plan and option wording of that language's catalogue
 * (the site's primary language's where it has none, as mails do).
 */
export async function readAccountRecordTexts(db: DbOrTx, site: Website, language: AccountLanguage, itemIds: readonly string[]): Promise<AccountRecordTexts> {
  const owner = await readOwnerTexts(db, site, language.code, itemIds);
  const words: MailLanguage = { ...chooseMailLanguage(site.settings, language.code), owner };
  return {
    itemTitle: (itemId, title) => owner.itemTitle(itemId, title),
    optionsText: (itemId, options) =>
      options?.length
        ? mailVariantOptions(
            words,
            itemId,
            Object.fromEntries(options.map((o) => [o.name, o.value])),
            options.map((o) => o.name),
          )
        : '',
    planText: (cents, currency, plan) => mailPlanText(words, cents, currency, plan),
  };
}
