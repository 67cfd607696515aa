import { describe, expect, it } from 'vitest';
import { ownerTextsAsWritten } from '../translations/index.js';
import { EN_TEXTS, FR_TEXTS, fillHtml, mailPlanText, type MailLanguage } from './index.js';

const english: MailLanguage = { code: 'en-US', texts: EN_TEXTS, owner: ownerTextsAsWritten('Shop') };
const french: MailLanguage = { code: 'fr', texts: FR_TEXTS, owner: ownerTextsAsWritten('Boutique') };

describe('mail texts (decision 0052)', () => {
  it.each([
    [{ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, '$10.00 every month', '10,00 $US chaque mois'],
    [{ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 }, '$10.00 every 2 weeks for 1 year', '10,00 $US toutes les 2 semaines pendant 1 an'],
    [{ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 18 }, '$10.00 every month for 18 months', '10,00 $US chaque mois pendant 18 mois'],
    [{ billingPeriod: { value: 3, unit: 'YEAR' }, numBillingCycles: 2 }, '$10.00 every 3 years for 6 years', '10,00 $US tous les 3 ans pendant 6 ans'],
    [{ billingPeriod: { value: 0, unit: 'MONTH' }, numBillingCycles: 1 }, 'Unavailable', 'Indisponible'],
  ] as const)('writes the plan %j in English and French', (plan, inEnglish, inFrench) => {
    expect(mailPlanText(english, 1000, 'USD', plan)).toBe(inEnglish);
    expect(mailPlanText(french, 1000, 'USD', plan).replace(/\s/g, ' ')).toBe(inFrench);
  });

  it('escapes the text and the values of an HTML mail, and keeps only the markup the mail gives', () => {
    const html = fillHtml('Good news: {product} is back at {site} & more', { product: { html: '<strong>Mug</strong>' }, site: '<script>x</script>' });
    expect(html).toBe('Good news: <strong>Mug</strong> is back at &lt;script&gt;x&lt;/script&gt; &amp; more');
    expect(fillHtml('{unknown} stays', {})).toBe('{unknown} stays');
  });

  it('has every text in French that it has in English', () => {
    expect(Object.keys(FR_TEXTS).sort()).toEqual(Object.keys(EN_TEXTS).sort());
    for (const [key, text] of Object.entries(EN_TEXTS)) {
      if (typeof text !== 'string') continue;
      const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(FR_TEXTS[key as keyof typeof FR_TEXTS] as string), key).toEqual(placeholders(text));
    }
  });
});
