/**
 * Each island on a page has its own React `identifierPrefix`: two islands that call `useId`
 * (the product page's restock form and the footer newsletter, the contact form and the footer
 * newsletter) render distinct element ids, every label names a field of its own island, and
 * hydration in Chromium reports no mismatch. The production bundle logs no warning when a
 * hydrated attribute differs from the server's, so the test also compares each element's id
 * with the id React holds for it after hydration.
 */
import { describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

/** Pages with at least two islands that use `useId`. */
const PAGES = ['/contact', '/shop/stoneware-mug', '/journal/dyeing-with-walnut-hulls'];

/** What the page's DOM says about its ids. */
interface IdReport {
  readonly islandsWithIds: number;
  readonly duplicates: string[];
  readonly labelsOutsideTheirIsland: string[];
  /** `server id -> id React renders` for elements whose two ids differ. */
  readonly hydratedIdsDiffering: string[];
}

describe('island element ids are unique on a page (W3C Nu duplicate ids)', () => {
  const env = useStoreAndBrowser();

  for (const path of PAGES) {
    it(`${path}: distinct ids in every island, labels within their island, the same ids after hydration`, async () => {
      const { page, errors } = await openPage(env.browser);
      page.on('console', (message) => {
        if (message.type() === 'warning' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
      });
      await page.goto(`${env.store.siteUrl()}${path}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const report = await page.evaluate((): IdReport => {
        const islands = [...document.querySelectorAll('[data-island]')];
        const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
        const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
        const labelsOutsideTheirIsland = [...document.querySelectorAll<HTMLLabelElement>('[data-island] label[for]')]
          .filter((label) => label.closest('[data-island]') !== document.getElementById(label.htmlFor)?.closest('[data-island]'))
          .map((label) => label.htmlFor);
        const hydratedIdsDiffering = [...document.querySelectorAll('[data-island] [id]')].flatMap((el) => {
          const propsKey = Object.keys(el).find((key) => key.startsWith('__reactProps$'));
          const reactId = propsKey ? (el as unknown as Record<string, { id?: unknown }>)[propsKey]?.id : el.id;
          return reactId === el.id ? [] : [`${el.id} -> ${String(reactId)}`];
        });
        return { islandsWithIds: islands.filter((el) => el.querySelector('[id]')).length, duplicates, labelsOutsideTheirIsland, hydratedIdsDiffering };
      });
      expect(report.islandsWithIds).toBeGreaterThanOrEqual(2);
      expect(report.duplicates).toEqual([]);
      expect(report.labelsOutsideTheirIsland).toEqual([]);
      expect(report.hydratedIdsDiffering).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 60_000);
  }
});
