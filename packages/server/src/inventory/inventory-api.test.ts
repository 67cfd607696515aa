import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, shirtBody, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import type { Website } from '../sites/index.js';
import { IMPORT_MESSAGES, STOCK_CSV_HEADER } from './stock-csv.js';
import { INVENTORY_MESSAGES } from './stock-repository.js';

const INVENTORY = '/api/owner/inventory';

describe('owner inventory API (issue 12)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  let other: Website;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
    site = (await t.shopSite('inv-a')).site;
    other = (await t.shopSite('inv-b')).site;
  });
  afterAll(() => t.close());

  const product = async (body: unknown, on = site) => {
    const response = await t.call(on, 'POST', '/api/owner/catalogue/products', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const history = async (variantId: string, query = '') => (await t.call(site, 'GET', `${INVENTORY}/variants/${variantId}/history${query}`)).json();

  it('refuses every call without an owner session (401)', async () => {
    for (const [method, url] of [
      ['PUT', `${INVENTORY}/variants/x/stock`],
      ['POST', `${INVENTORY}/variants/x/adjustments`],
      ['GET', `${INVENTORY}/variants/x/history`],
      ['GET', `${INVENTORY}/low-stock`],
      ['GET', `${INVENTORY}/export.csv`],
      ['POST', `${INVENTORY}/import`],
    ] as const) {
      expect((await t.call(site, method, url, method === 'GET' ? undefined : {}, { owner: false })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('sets and adjusts stock, keeping a history of starting stock and manual edits', async () => {
    const { variants } = await product({ title: 'Mug', variants: [{ sku: 'INV-MUG', priceCents: 3400, qtyInStock: 5 }] });
    const id = variants[0].id;
    const set = await t.call(site, 'PUT', `${INVENTORY}/variants/${id}/stock`, { qtyInStock: 12, note: 'Counted the shelf' });
    expect(set.json()).toEqual({ variantId: id, sku: 'INV-MUG', qtyInStock: 12, unlimited: false });
    expect((await t.call(site, 'POST', `${INVENTORY}/variants/${id}/adjustments`, { change: -4 })).json().qtyInStock).toBe(8);
    const { movements } = await history(id);
    expect(movements.map((m: { reason: string; change: number; qtyAfter: number }) => [m.reason, m.change, m.qtyAfter])).toEqual([
      ['manual', -4, 8],
      ['manual', 7, 12],
      ['initial', 5, 5],
    ]);
    expect(movements[1].note).toBe('Counted the shelf');
    const paged = await history(id, '?limit=2');
    expect(paged.hasNextPage).toBe(true);
    expect((await history(id, `?limit=2&cursor=${paged.nextPageCursor}`)).movements.map((m: { reason: string }) => m.reason)).toEqual(['initial']);
  });

  it('never goes below zero, whatever runs at the same time', async () => {
    const { variants } = await product({ title: 'Scarce', variants: [{ sku: 'INV-SCARCE', priceCents: 100, qtyInStock: 10 }] });
    const id = variants[0].id;
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call(site, 'POST', `${INVENTORY}/variants/${id}/adjustments`, { change: -3 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(INVENTORY_MESSAGES.belowZero(1));
    const { movements } = await history(id);
    expect(movements[0].qtyAfter).toBe(1);
    expect(
      movements
        .filter((m: { reason: string }) => m.reason === 'manual')
        .map((m: { qtyAfter: number }) => m.qtyAfter)
        .sort(),
    ).toEqual([1, 4, 7]);
    expect((await t.call(site, 'PUT', `${INVENTORY}/variants/${id}/stock`, { qtyInStock: -1 })).statusCode).toBe(400);
  });

  it('refuses to count an unlimited variant and keeps sites apart', async () => {
    const { variants } = await product({ title: 'Ebook', productType: 2, variants: [{ sku: 'INV-EBOOK', priceCents: 900, unlimited: true }] });
    const adjust = await t.call(site, 'POST', `${INVENTORY}/variants/${variants[0].id}/adjustments`, { change: 1 });
    expect(adjust.statusCode).toBe(409);
    expect(adjust.json().message).toBe(INVENTORY_MESSAGES.unlimited);
    expect((await t.call(other, 'PUT', `${INVENTORY}/variants/${variants[0].id}/stock`, { qtyInStock: 3 })).statusCode).toBe(404);
    expect((await t.call(other, 'GET', `${INVENTORY}/variants/${variants[0].id}/history`)).statusCode).toBe(404);
  });

  it('lists low stock, fewest first, a page at a time', async () => {
    const shop = await t.shopSite('inv-low');
    await product(
      { ...shirtBody('Low Shirt', 'LOW'), variants: shirtBody('Low Shirt', 'LOW').variants.map((v, i) => ({ ...v, qtyInStock: i * 2 })) },
      shop.site,
    );
    const first = (await t.call(shop.site, 'GET', `${INVENTORY}/low-stock?threshold=4&limit=2`)).json();
    expect(first.variants.map((v: { sku: string; qtyInStock: number }) => [v.sku, v.qtyInStock])).toEqual([
      ['LOW-SAGE-S', 0],
      ['LOW-SAGE-M', 2],
    ]);
    expect(first.variants[0]).toMatchObject({ productTitle: 'Low Shirt', optionValues: { Colour: 'Sage', Size: 'S' } });
    const next = (await t.call(shop.site, 'GET', `${INVENTORY}/low-stock?threshold=4&limit=2&cursor=${first.nextPageCursor}`)).json();
    expect(next).toMatchObject({ hasNextPage: false, variants: [{ sku: 'LOW-SAGE-L', qtyInStock: 4 }] });
  });

  it('exports products and stock as CSV and imports an edited export back, reporting rejected rows by line', async () => {
    const shop = await t.shopSite('inv-csv');
    await product({ ...shirtBody('Csv Shirt', 'CSV') }, shop.site);
    await product({ title: '=Formula, "quoted"', variants: [{ sku: 'CSV-ODD', priceCents: 250, qtyInStock: 1 }] }, shop.site);
    const exported = await t.call(shop.site, 'GET', `${INVENTORY}/export.csv`);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(STOCK_CSV_HEADER.map((h) => `"${h}"`).join(','));
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`"'=Formula, ""quoted""","formula-quoted","CSV-ODD","","250","0","no","1","no"`);
    expect(lines).toContain(`"Csv Shirt","csv-shirt","CSV-CLAY-M","Colour: Clay; Size: M","8800","0","no","3","no"`);

    // Sage M and S leave the file, so their rows below are judged on their own.
    const edited = lines
      .filter((line) => !line.includes('"CSV-SAGE-M"') && !line.includes('"CSV-SAGE-S"'))
      .map((line) => line.replace('"CSV-CLAY-M","Colour: Clay; Size: M","8800","0","no","3"', '"CSV-CLAY-M","Colour: Clay; Size: M","8800","0","no","9"'));
    const csv = [
      ...edited,
      '"Ghost","","NOPE","","1","0","no","4","no"',
      '"Bad","","CSV-SAGE-S","","1","0","no","many","no"',
      '"Again","","CSV-CLAY-M","","1","0","no","2","no"',
      '"Odd","","CSV-SAGE-M","","1","0","no","2","perhaps"',
      '"Empty","","","","1","0","no","2","no"',
    ].join('\r\n');
    const report = await t.call(shop.site, 'POST', `${INVENTORY}/import`, { csv });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({
      applied: 1,
      unchanged: 4,
      rejected: [
        { line: 7, reason: IMPORT_MESSAGES.unknownSku('NOPE') },
        { line: 8, reason: IMPORT_MESSAGES.badStock },
        { line: 9, reason: IMPORT_MESSAGES.repeatedSku('CSV-CLAY-M', 3) },
        { line: 10, reason: IMPORT_MESSAGES.badUnlimited },
        { line: 11, reason: IMPORT_MESSAGES.emptySku },
      ],
    });
    const list = (await t.call(shop.site, 'GET', '/api/owner/catalogue/products?q=CSV-CLAY-M')).json().products;
    const detail = (await t.call(shop.site, 'GET', `/api/owner/catalogue/products/${list[0].id}`)).json();
    const clayM = detail.variants.find((v: { sku: string }) => v.sku === 'CSV-CLAY-M');
    expect(clayM.qtyInStock).toBe(9);
    expect((await t.call(shop.site, 'GET', `${INVENTORY}/variants/${clayM.id}/history`)).json().movements[0]).toMatchObject({
      reason: 'import',
      change: 6,
      qtyAfter: 9,
    });
    const noHeader = await t.call(shop.site, 'POST', `${INVENTORY}/import`, { csv: 'a,b\n1,2' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(IMPORT_MESSAGES.missingColumns);
  });
});
