import { INSTALMENT_COUNT, instalmentProvider, type InstalmentProvider } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';

/** Locales the info modal is served in (spec 5: Afterpay for five, Clearpay for en_GB). */
export const INFO_MODAL_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ', 'en_GB'] as const;

const PROVIDER_NAMES: Readonly<Record<InstalmentProvider, string>> = { afterpay: 'Afterpay', clearpay: 'Clearpay' };
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'the United States',
  CA: 'Canada',
  AU: 'Australia',
  NZ: 'New Zealand',
  GB: 'the United Kingdom',
};

interface ModalText {
  title: string;
  steps: string[];
  note: string;
}

function english(name: string, country: string): ModalText {
  return {
    title: `Pay in ${INSTALMENT_COUNT} interest-free payments with ${name}`,
    steps: [
      `Add your favourite items to the cart and choose ${name} at checkout.`,
      `Log in or create your ${name} account; a decision is instant.`,
      `Your purchase is split into ${INSTALMENT_COUNT} payments, due every two weeks.`,
      'The first payment is taken when you place the order.',
    ],
    note: `You must be over 18, a resident of ${country} and meet additional eligibility criteria to qualify. Late fees may apply.`,
  };
}

function french(name: string): ModalText {
  return {
    title: `Payez en ${INSTALMENT_COUNT} versements sans intérêts avec ${name}`,
    steps: [
      `Ajoutez vos articles au panier et choisissez ${name} au moment de payer.`,
      `Connectez-vous ou créez votre compte ${name}; la décision est instantanée.`,
      `Votre achat est divisé en ${INSTALMENT_COUNT} versements, dus toutes les deux semaines.`,
      'Le premier versement est prélevé lorsque vous passez la commande.',
    ],
    note: 'Vous devez avoir plus de 18 ans, résider au Canada et répondre à des critères d’admissibilité supplémentaires. Des frais de retard peuvent s’appliquer.',
  };
}

/**
 * The pay-later info modal markup for a locale ('en_US' or 'en-US'), served by us instead of
 * a third-party host; null for a locale without a provider.
 */
export function instalmentInfoHtml(locale: string): string | null {
  const key = locale.replace('-', '_');
  if (!(INFO_MODAL_LOCALES as readonly string[]).includes(key)) return null;
  const provider = instalmentProvider(key);
  if (!provider) return null;
  const name = PROVIDER_NAMES[provider];
  const [language, country] = key.split('_') as [string, string];
  const text = language === 'fr' ? french(name) : english(name, COUNTRY_NAMES[country] ?? country);
  const steps = text.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return (
    `<div class="instalment-info" data-provider="${provider}" lang="${language}-${country}">` +
    `<h2 class="instalment-info__title">${escapeHtml(text.title)}</h2>` +
    `<ol class="instalment-info__steps">${steps}</ol>` +
    `<p class="instalment-info__note">${escapeHtml(text.note)}</p>` +
    `</div>`
  );
}
