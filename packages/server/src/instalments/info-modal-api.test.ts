import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, type Shop } from '../../test-support/commerce-test-kit.js';

describe('pay-later info modal (GET /api/commerce/instalments/info)', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop();
  });
  afterAll(() => shop.close());

  it.each([
    ['en_US', 'afterpay', 'Pay in 4 interest-free payments with Afterpay', 'the United States'],
    ['en_CA', 'afterpay', 'Pay in 4 interest-free payments with Afterpay', 'Canada'],
    ['fr_CA', 'afterpay', 'Payez en 4 versements sans intérêts avec Afterpay', 'Canada'],
    ['en_AU', 'afterpay', 'Pay in 4 interest-free payments with Afterpay', 'Australia'],
    ['en_NZ', 'afterpay', 'Pay in 4 interest-free payments with Afterpay', 'New Zealand'],
    ['en_GB', 'clearpay', 'Pay in 4 interest-free payments with Clearpay', 'the United Kingdom'],
  ])('%s is served as %s', async (locale, provider, title, country) => {
    const response = await shop.visitor().request('GET', `/api/commerce/instalments/info?locale=${locale}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`data-provider="${provider}"`);
    expect(response.body).toContain(title);
    expect(response.body).toContain(country);
  });

  it.each(['de_DE', 'en_IE', '', '<script>'])('refuses locale %j with a 404', async (locale) => {
    const response = await shop.visitor().request('GET', `/api/commerce/instalments/info?locale=${encodeURIComponent(locale)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Instalment information is not available for this locale.');
  });
});
