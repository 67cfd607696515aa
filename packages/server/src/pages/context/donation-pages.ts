import { formatMoney, money, subscriptionManagePath } from '@emporium/commerce';
import type { DonationFormProps } from '@emporium/storefront';
import { donationAmountText, findDonationByReceipt, loadDonationSettings, type DonationSettings } from '../../donations/index.js';
import { pathInLanguage } from '../../multilingual/index.js';
import { PageType } from '../../spec/index.js';
import { donationTextsOf, pageTextOf, type PageText } from '../../translations/index.js';
import { checkoutPayment } from './checkout-payment.js';
import type { BuiltPage, PageRequest } from './page-request.js';
import type { ContributionContext, DonationContext } from './schemas.js';
import { notFoundPage } from './system-pages.js';

/** The donation settings as templates read them: suggested amounts with their money text. */
export function donationContext(settings: DonationSettings, currency: string, locale: string): DonationContext {
  const text = (cents: number) => formatMoney(money(cents, currency), locale);
  return {
    title: settings.title,
    description: settings.description,
    currency,
    suggested: settings.suggestedAmounts.map((cents) => ({ cents, text: text(cents) })),
    allowCustom: settings.allowCustom,
    allowMonthly: settings.allowMonthly,
    minText: text(settings.minCents),
    maxText: text(settings.maxCents),
  };
}

function presetOf(req: PageRequest, settings: DonationSettings): Pick<DonationFormProps, 'amountCents' | 'frequency'> {
  const amount = Number(req.query.amount);
  const ok =
    Number.isSafeInteger(amount) &&
    amount >= settings.minCents &&
    amount <= settings.maxCents &&
    (settings.allowCustom || settings.suggestedAmounts.includes(amount));
  return { ...(ok ? { amountCents: amount } : {}), ...(req.query.frequency === 'monthly' && settings.allowMonthly ? { frequency: 'monthly' as const } : {}) };
}

/**
 * `/checkout/donate`, page type 203: the owner's donation title, text and amounts, and the
 * DonationForm island (test card, or Stripe's Payment Element when the site connected Stripe,
 * with Stripe.js allowed by this page's CSP alone). `?amount=` (minor units) and
 * `?frequency=monthly` from the donation block preselect the form. Not found while donations are off.
 */
export async function donatePage(req: PageRequest): Promise<BuiltPage> {
  const { currency, locale } = req.site.settings;
  const settings = donationTextsOf(req)(await loadDonationSettings(req.db, req.site.id, currency));
  if (!settings.enabled) return notFoundPage();
  const payment = await checkoutPayment(req);
  const donation = donationContext(settings, currency, locale);
  const t = pageTextOf(req);
  const form: DonationFormProps = {
    currency,
    locale,
    suggested: donation.suggested,
    allowCustom: settings.allowCustom,
    allowMonthly: settings.allowMonthly,
    testMode: req.site.settings.commerce.testMode === true,
    ...presetOf(req, settings),
    ...(payment.stripe ? { stripe: payment.stripe } : {}),
  };
  return {
    status: 200,
    pageType: PageType.DONATE,
    templateName: 'donate',
    title: settings.title || t('Donate'),
    context: {
      donation,
      render: {
        islands: req.islandsEnabled ? { donationForm: form } : {},
        // The template's own texts, in the page's language.
        texts: { donate: t('Donate'), formUnavailable: t('The donation form could not load. Please reload the page.') },
      },
    },
    ...payment,
  };
}

/**
 * The contribution confirmed template's own texts in the page's language. The lead comes in the
 * two parts around its amount (`confirmedBefore`, `confirmedAfter`), which the template prints
 * in bold between them.
 */
function contributionTexts(t: PageText, receiptEmail: string) {
  const [before = '', ...after] = t('Your donation of {amount} is confirmed.').split('{amount}');
  return {
    thankYou: t('Thank you'),
    confirmedBefore: before,
    confirmedAfter: after.join(''),
    receiptSent: t('A receipt is on its way to {email}.', { email: receiptEmail }),
    monthly: t('Your donation will be charged again every month until you cancel it.'),
    manage: t('Manage your monthly donation'),
    testDonation: t('Test donation'),
    noMoneyTaken: t('No money was taken.'),
    backToSite: t('Back to the site'),
  };
}

/**
 * `/checkout/contribution-confirmed/{donationId}?token=…`, page type 204: the paid donation's
 * amount (per month for a monthly one, with its manage link), the receipt's address and the
 * owner's thank-you text, for whoever holds the receipt token; never stored, never indexed. In
 * another language than the primary one, its texts and the owner's thank-you are the page's
 * language's (the owner's translation, English where none is stored).
 */
export async function contributionConfirmedPage(req: PageRequest, donationId: string): Promise<BuiltPage> {
  const token = req.query.token;
  if (typeof token !== 'string' || token.length < 16) return notFoundPage();
  const found = await findDonationByReceipt(req.db, req.site.id, donationId, token);
  if (!found || found.status !== 'paid') return notFoundPage();
  const settings = donationTextsOf(req)(await loadDonationSettings(req.db, req.site.id, req.site.settings.currency));
  const t = pageTextOf(req);
  const once = donationAmountText(found.amountCents, found.currency, 'once', req.site.settings.locale);
  const amountText = found.frequency === 'monthly' ? `${once}${t('/month')}` : once;
  return {
    status: 200,
    pageType: PageType.CONTRIBUTION_CONFIRMED,
    templateName: 'contribution-confirmed',
    title: t('Thank you'),
    private: true,
    context: {
      render: {
        texts: {
          ...contributionTexts(t, found.donorEmail),
          ...(found.donorName ? { thankYouNamed: t('Thank you, {name}', { name: found.donorName }) } : {}),
        },
        homeUrl: pathInLanguage(req.language?.prefix ?? '', '/'),
      },
      contribution: {
        id: found.id,
        amountText,
        monthly: found.frequency === 'monthly',
        donorName: found.donorName,
        receiptEmail: found.donorEmail,
        thankYou: settings.thankYou,
        testMode: found.testMode,
        ...(found.manageToken ? { manageUrl: subscriptionManagePath(found.manageToken) } : {}),
      } satisfies ContributionContext,
    },
  };
}
