import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/index.js';
import type { Website } from '../sites/index.js';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { CATALOGUE_MESSAGES } from './product-rules.js';

const PRODUCTS = '/api/owner/catalogue/products';

function multipartImage(file: Buffer): { payload: Buffer; contentType: string } {
  const boundary = 'emporiumboundary9876543210';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const mug = (sku: string, extra: Record<string, unknown> = {}) => ({
  title: 'Speckled Mug',
  excerpt: '<p>A mug for slow mornings.</p>',
  visibility: 'published' as const,
  variants: [{ sku, priceCents: 2400, qtyInStock: 3 }],
  ...extra,
});

describe('product SEO, button text, merchandising, subscription and variant photos (issue 12)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-selling-'));
    t = await createCatalogueTestApp({ pages: true, config: { dataDir } });
    site = (await t.shopSite('selling-a')).site;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const create = async (body: unknown) => {
    const response = await t.call(site, 'POST', PRODUCTS, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const save = async (product: { id: string; version: number }, body: Record<string, unknown>) => {
    const response = await t.call(site, 'PUT', `${PRODUCTS}/${product.id}`, { ...body, version: product.version });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const page = async (urlId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/shop/${urlId}`, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('gives a product defaults for every new field when the call leaves them out, and keeps them on a save that leaves them out', async () => {
    const product = await create(mug('DEF-1'));
    expect(product).toMatchObject({
      seo: { title: '', description: '' },
      useCustomAddButtonText: false,
      customAddButtonText: '',
      isSubscribable: false,
      subscriptionPlan: null,
      merchandising: { scarcityEnabled: false, scarcityThreshold: 5, scarcityText: '', restockNotificationsEnabled: false, customSoldOutText: '' },
    });
    expect(product.variants[0].imageId).toBeNull();
    const withText = await save(product, { ...mug('DEF-1'), useCustomAddButtonText: true, customAddButtonText: 'Pre-order' });
    const again = await save(withText, { ...mug('DEF-1'), title: 'Speckled Mug II' });
    expect(again).toMatchObject({ title: 'Speckled Mug II', useCustomAddButtonText: true, customAddButtonText: 'Pre-order', version: 3 });
  });

  it('round-trips the SEO title and description, and the product page’s <title> and meta description show them', async () => {
    const product = await create(mug('SEO-1', { seo: { title: 'Handmade Speckled Stoneware Mug', description: 'A wide-handled mug thrown in our studio.' } }));
    expect(product.seo).toEqual({ title: 'Handmade Speckled Stoneware Mug', description: 'A wide-handled mug thrown in our studio.' });
    const html = await page(product.urlId);
    expect(html).toContain('<title>Handmade Speckled Stoneware Mug — selling-a</title>');
    expect(html).toContain('<meta name="description" content="A wide-handled mug thrown in our studio.">');
    const cleared = await save(product, { ...mug('SEO-1'), seo: { title: '', description: '' } });
    expect(cleared.seo).toEqual({ title: '', description: '' });
    const plain = await page(product.urlId);
    expect(plain).toContain('<title>Speckled Mug — selling-a</title>');
    expect(plain).toContain('<meta name="description" content="A mug for slow mornings.">');
  });

  it('shows the custom add-button text on the storefront, and refuses it turned on but empty', async () => {
    const product = await create(mug('BTN-1', { useCustomAddButtonText: true, customAddButtonText: 'Reserve yours' }));
    expect(product).toMatchObject({ useCustomAddButtonText: true, customAddButtonText: 'Reserve yours' });
    expect(await page(product.urlId)).toContain('Reserve yours');
    const refused = await t.call(site, 'POST', PRODUCTS, mug('BTN-2', { useCustomAddButtonText: true, customAddButtonText: '  ' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ customAddButtonText: CATALOGUE_MESSAGES.buttonTextMissing });
    const long = await t.call(site, 'POST', PRODUCTS, mug('BTN-3', { customAddButtonText: 'x'.repeat(41) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.customAddButtonText).toBe('At most 40 characters.');
  });

  it('stores merchandising settings in the shape the storefront reads, keeping keys the editor does not own', async () => {
    const product = await create(
      mug('MER-1', {
        variants: [{ sku: 'MER-1', priceCents: 2400, qtyInStock: 2 }],
        merchandising: { scarcityEnabled: true, scarcityThreshold: 3, scarcityText: 'Just {qtyInStock} left!', customSoldOutText: 'All gone' },
      }),
    );
    expect(product.merchandising).toMatchObject({
      scarcityEnabled: true,
      scarcityThreshold: 3,
      scarcityText: 'Just {qtyInStock} left!',
      customSoldOutText: 'All gone',
    });
    await t.db
      .update(products)
      .set({ merchandising: { ...product.merchandising, nativeReviewsDisplayEnabled: true } })
      .where(and(eq(products.websiteId, site.id), eq(products.itemId, product.id)));
    const html = await page(product.urlId);
    expect(html).toContain('Just 2 left!');
    const restock = await save(product, {
      ...mug('MER-1', { variants: [{ id: product.variants[0].id, sku: 'MER-1', priceCents: 2400 }] }),
      merchandising: {
        restockNotificationsEnabled: true,
        mailingListSignUpEnabled: true,
        restockNotificationMessages: { CTAText: 'Tell me when it is back' },
        customSoldOutText: '',
      },
    });
    expect(restock.merchandising).toMatchObject({
      scarcityEnabled: false,
      restockNotificationsEnabled: true,
      mailingListSignUpEnabled: true,
      restockNotificationMessages: { CTAText: 'Tell me when it is back', buttonText: '' },
      customSoldOutText: '',
    });
    const [row] = await t.db
      .select({ merchandising: products.merchandising })
      .from(products)
      .where(and(eq(products.websiteId, site.id), eq(products.itemId, product.id)));
    expect(row!.merchandising).toEqual({
      nativeReviewsDisplayEnabled: true,
      scarcityEnabled: false,
      scarcityThreshold: 5,
      restockNotificationsEnabled: true,
      restockNotificationMessages: { CTAText: 'Tell me when it is back' },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    });
    const bad = await t.call(site, 'POST', PRODUCTS, mug('MER-2', { merchandising: { scarcityThreshold: 0 } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['merchandising.scarcityThreshold']).toBe('Show the low-stock message at 1 unit or more.');
  });

  it('round-trips a subscription plan the storefront prices per period, and refuses plans that cannot be sold', async () => {
    const plan = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 };
    const product = await create(mug('SUB-1', { isSubscribable: true, subscriptionPlan: plan }));
    expect(product).toMatchObject({ isSubscribable: true, subscriptionPlan: plan });
    const html = await page(product.urlId);
    expect(html).toMatch(/every 2 weeks/i);
    const limited = await save(product, {
      ...mug('SUB-1'),
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 },
    });
    expect(limited.subscriptionPlan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 });
    const off = await save(limited, { ...mug('SUB-1'), isSubscribable: false, subscriptionPlan: null });
    expect(off).toMatchObject({ isSubscribable: false, subscriptionPlan: null });

    const noPlan = await t.call(site, 'POST', PRODUCTS, mug('SUB-2', { isSubscribable: true }));
    expect(noPlan.json().fields).toEqual({ subscriptionPlan: CATALOGUE_MESSAGES.planMissing });
    const gift = await t.call(site, 'POST', PRODUCTS, mug('SUB-3', { productType: 4, isSubscribable: true, subscriptionPlan: plan }));
    expect(gift.json().fields).toEqual({ isSubscribable: CATALOGUE_MESSAGES.notSubscribableType });
    const badUnit = await t.call(
      site,
      'POST',
      PRODUCTS,
      mug('SUB-4', { isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'DAY' } } }),
    );
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().fields['subscriptionPlan.billingPeriod.unit']).toBe('Choose weeks, months or years.');
    const zero = await t.call(site, 'POST', PRODUCTS, mug('SUB-5', { isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 0, unit: 'WEEK' } } }));
    expect(zero.json().fields['subscriptionPlan.billingPeriod.value']).toBe('A plan bills at least every 1 week, month or year.');
  });

  it('lets a variant pick one of its product’s photos, and refuses a photo of another product', async () => {
    const product = await create({
      title: 'Glazed Bowl',
      visibility: 'published',
      options: [{ name: 'Glaze', values: ['Sea', 'Sand'] }],
      variants: [
        { sku: 'BOWL-SEA', priceCents: 3000, optionValues: { Glaze: 'Sea' }, qtyInStock: 4 },
        { sku: 'BOWL-SAND', priceCents: 3000, optionValues: { Glaze: 'Sand' }, qtyInStock: 4 },
      ],
    });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 20, g: 90, b: 140 } } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartImage(png);
    const uploaded = await t.call(site, 'POST', `${PRODUCTS}/${product.id}/images`, undefined, { payload, headers: { 'content-type': contentType } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { id: string };
    const body = (imageId: string | null) => ({
      title: 'Glazed Bowl',
      visibility: 'published',
      options: product.options,
      variants: [
        { id: product.variants[0].id, sku: 'BOWL-SEA', priceCents: 3000, optionValues: { Glaze: 'Sea' }, imageId },
        { id: product.variants[1].id, sku: 'BOWL-SAND', priceCents: 3000, optionValues: { Glaze: 'Sand' } },
      ],
    });
    const refused = await t.call(site, 'PUT', `${PRODUCTS}/${product.id}`, { ...body('not-a-photo'), version: product.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'variants.0.imageId': CATALOGUE_MESSAGES.notAPhoto });
    const saved = await save(product, body(image.id));
    expect(saved.variants.map((v: { imageId: string | null }) => v.imageId)).toEqual([image.id, null]);
    const kept = await save(saved, { ...body(image.id), variants: body(image.id).variants.map(({ imageId: _i, ...v }) => v) });
    expect(kept.variants[0].imageId).toBe(image.id);
    const images = await t.call(site, 'GET', `${PRODUCTS}/${product.id}/images`);
    expect(images.json().images).toHaveLength(1);
    const html = await page(product.urlId);
    expect(html).toContain(`data-product-image="${product.id}"`);
    expect(html.replaceAll('&quot;', '"')).toContain(`"variantImages":{"BOWL-SEA":"${(image as unknown as { assetUrl: string }).assetUrl}"}`);
  });
});
