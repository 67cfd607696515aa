import { describe, expect, it } from 'vitest';
import { ownerTextsAsWritten } from '../translations/index.js';
import { DE_TEXTS, EN_TEXTS, FR_TEXTS, fillHtml, mailPlanText, mailTrialText, type MailLanguage } from './index.js';

const english: MailLanguage = { code: 'en-US', texts: EN_TEXTS, owner: ownerTextsAsWritten('Shop') };
const french: MailLanguage = { code: 'fr', texts: FR_TEXTS, owner: ownerTextsAsWritten('Boutique') };
const german: MailLanguage = { code: 'de', texts: DE_TEXTS, owner: ownerTextsAsWritten('Laden') };

describe('mail texts (decision 0052)', () => {
  it.each([
    [{ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, '$10.00 every month', '10,00 $US chaque mois', '10,00 $ jeden Monat'],
    [
      { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 },
      '$10.00 every 2 weeks for 1 year',
      '10,00 $US toutes les 2 semaines pendant 1 an',
      '10,00 $ alle 2 Wochen für 1 Jahr',
    ],
    [
      { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 18 },
      '$10.00 every month for 18 months',
      '10,00 $US chaque mois pendant 18 mois',
      '10,00 $ jeden Monat für 18 Monate',
    ],
    [
      { billingPeriod: { value: 3, unit: 'YEAR' }, numBillingCycles: 2 },
      '$10.00 every 3 years for 6 years',
      '10,00 $US tous les 3 ans pendant 6 ans',
      '10,00 $ alle 3 Jahre für 6 Jahre',
    ],
    [{ billingPeriod: { value: 0, unit: 'MONTH' }, numBillingCycles: 1 }, 'Unavailable', 'Indisponible', 'Nicht verfügbar'],
  ] as const)('writes the plan %j in English, French and German', (plan, inEnglish, inFrench, inGerman) => {
    expect(mailPlanText(english, 1000, 'USD', plan)).toBe(inEnglish);
    expect(mailPlanText(french, 1000, 'USD', plan).replace(/\s/g, ' ')).toBe(inFrench);
    expect(mailPlanText(german, 1000, 'USD', plan).replace(/\s/g, ' ')).toBe(inGerman);
  });

  it("writes a member area's free trial on the receipt in the mail's language, one day and many", () => {
    const ends = new Date('2026-12-14T12:00:00Z');
    expect(mailTrialText(english, 7, '$5.00 every month', ends)).toBe('free trial of 7 days, then $5.00 every month from December 14, 2026');
    expect(mailTrialText(english, 1, '$5.00 every month', ends)).toBe('free trial of 1 day, then $5.00 every month from December 14, 2026');
    expect(mailTrialText(french, 7, '5,00 $US chaque mois', ends)).toBe('essai gratuit de 7 jours, puis 5,00 $US chaque mois à partir du 14 décembre 2026');
    expect(mailTrialText(german, 1, '5,00 $ jeden Monat', ends)).toBe('kostenlose Testphase von 1 Tag, danach 5,00 $ jeden Monat ab dem 14. Dezember 2026');
  });

  it('escapes the text and the values of an HTML mail, and keeps only the markup the mail gives', () => {
    const html = fillHtml('Good news: {product} is back at {site} & more', { product: { html: '<strong>Mug</strong>' }, site: '<script>x</script>' });
    expect(html).toBe('Good news: <strong>Mug</strong> is back at &lt;script&gt;x&lt;/script&gt; &amp; more');
    expect(fillHtml('{unknown} stays', {})).toBe('{unknown} stays');
  });

  it.each([
    ['French', FR_TEXTS],
    ['German', DE_TEXTS],
  ] as const)('has every text in %s that it has in English, with the same placeholders', (_name, texts) => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(EN_TEXTS).sort());
    for (const [key, text] of Object.entries(EN_TEXTS)) {
      if (typeof text !== 'string') continue;
      const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(texts[key as keyof typeof texts] as string), key).toEqual(placeholders(text));
    }
  });
});
