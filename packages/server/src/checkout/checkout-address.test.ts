import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, PAY_OK, addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';

describe('checkout address: country from ISO 3166-1, region from its country list (#24)', () => {
  let shop: Shop;
  let soap: { itemId: string };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore });
    soap = await addProduct(shop.db, shop.site.id, { title: 'Soap', variants: [{ sku: 'SOAP', priceCents: 1200, qtyInStock: 50 }] });
  });
  afterAll(() => shop.close());

  it.each([
    [{ country: 'XX' }, { 'shippingAddress.country': 'Please choose a country from the list.' }],
    [{ country: 'UK' }, { 'shippingAddress.country': 'Please choose a country from the list.' }],
    [{ country: 'USA' }, { 'shippingAddress.country': 'Country must be a two-letter country code.' }],
    [{ country: 'US', region: 'ON' }, { 'shippingAddress.region': 'Please choose a state or region from the list.' }],
    [{ country: 'CA', region: 'NY' }, { 'shippingAddress.region': 'Please choose a state or region from the list.' }],
    [{ country: 'AU', region: 'Sydney' }, { 'shippingAddress.region': 'Please choose a state or region from the list.' }],
  ])('refuses the shipping address %j with 400', async (patch, errors) => {
    const visitor = shop.visitor();
    await visitor.add(soap.itemId, 'SOAP');
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: { ...ADDRESS, ...patch }, payment: PAY_OK });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please complete the shipping address.', errors });
  });

  it.each([
    { country: 'US', region: 'ny' },
    { country: 'CA', region: 'QC' },
    { country: 'AU', region: 'NSW' },
    { country: 'JP', region: '13' },
    { country: 'GB', region: 'West Yorkshire' },
    { country: 'FR', region: '' },
  ])('places the order for the shipping address %j', async (patch) => {
    const visitor = shop.visitor();
    await visitor.add(soap.itemId, 'SOAP');
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: { ...ADDRESS, ...patch }, payment: PAY_OK });
    expect(response.statusCode).toBe(200);
    expect(response.json().order.shippingAddress).toMatchObject({ country: patch.country, region: patch.region.toUpperCase() });
  });

  it('refuses a shipping location whose country is not on the list', async () => {
    const visitor = shop.visitor();
    await visitor.add(soap.itemId, 'SOAP');
    const unknown = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingLocation: { country: 'ZZ' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Please choose a country from the list.');
    const known = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingLocation: { country: 'nz' } });
    expect(known.statusCode).toBe(200);
  });
});
