import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { Visitor } from '../../test-support/commerce-test-kit.js';
import { digitalDownloads, outbox } from '../db/index.js';
import { DIGITAL_FILE_MESSAGES, MAX_DIGITAL_FILE_BYTES } from '../media/index.js';
import { canonicalOrigin, type Website } from '../sites/index.js';
import { DOWNLOAD_MESSAGES, MAX_DOWNLOADS } from './download-messages.js';

function multipartFile(file: Buffer, filename: string, type = 'application/pdf'): { payload: Buffer; contentType: string } {
  const boundary = 'emporiumdigital0123456789';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(availableDialects())('digital products: the file and its download links on %s', (dialect) => {
  let testDb: TestDb;
  let t: CatalogueTestApp;
  let dataDir: string;
  let site: Website;
  let productId: string;
  let physicalId: string;
  const bytes = randomBytes(40 * 1024);
  const upload = (id: string, file: Buffer, name = 'Field Guide.pdf', extra: { owner?: boolean; type?: string } = {}) => {
    const { payload, contentType } = multipartFile(file, name, extra.type);
    return t.call(site, 'POST', `/api/owner/catalogue/products/${id}/digital-file`, undefined, { ...extra, payload, headers: { 'content-type': contentType } });
  };
  const buy = async (): Promise<{ visitor: Visitor; body: Record<string, any> }> => {
    const visitor = new Visitor(t.app, t.hostOf(site));
    const added = await visitor.add(productId, 'GUIDE');
    expect(added.statusCode, added.body).toBe(200);
    const placed = await visitor.checkout({ email: 'buyer@example.com', payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } });
    expect(placed.statusCode, placed.body).toBe(200);
    return { visitor, body: placed.json() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-digital-'));
    testDb = await createTestDb({ dialect });
    t = await createCatalogueTestApp({ testDb, pages: true, config: { dataDir } });
    site = (await t.shopSite('digital')).site;
    const created = await t.call(site, 'POST', '/api/owner/catalogue/products', {
      title: 'Field Guide',
      visibility: 'published',
      productType: 2,
      variants: [{ sku: 'GUIDE', priceCents: 1200 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().id;
    const physical = await t.call(site, 'POST', '/api/owner/catalogue/products', { title: 'Vase', variants: [{ sku: 'VASE', priceCents: 3000 }] });
    physicalId = physical.json().id;
  });
  afterAll(async () => {
    await t.close();
    await testDb.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps an uploaded file (any type) with the product, its name, size and type, under a private key the public media route never serves', async () => {
    expect((await t.call(site, 'GET', `/api/owner/catalogue/products/${productId}/digital-file`)).json()).toEqual({ file: null });
    const response = await upload(productId, bytes);
    expect(response.statusCode, response.body).toBe(201);
    const { file } = response.json();
    expect(file).toMatchObject({ name: 'Field Guide.pdf', size: bytes.length, contentType: 'application/pdf' });
    expect((await t.call(site, 'GET', `/api/owner/catalogue/products/${productId}/digital-file`)).json()).toEqual({ file });
    expect(await readdir(join(dataDir, 'media', 'private', site.id))).toEqual([file.id]);
    for (const url of [
      `/api/media/${site.id}/${file.id}`,
      `/api/media/private/${site.id}`,
      `/api/media/private%2F${site.id}/${file.id}`,
      `/api/media/${site.id}/..%2Fprivate%2F${site.id}%2F${file.id}`,
      `/api/media/${site.id}/${file.id}-100.jpg`,
    ]) {
      const served = await t.call(site, 'GET', url);
      expect(served.statusCode, url).toBe(404);
      expect(served.rawPayload.includes(bytes.subarray(0, 64))).toBe(false);
    }
  });

  it('refuses a file for a product that is not digital, an empty upload, a viewer and a visitor without a session', async () => {
    const notDigital = await upload(physicalId, bytes);
    expect(notDigital.statusCode).toBe(422);
    expect(notDigital.json().message).toBe(DIGITAL_FILE_MESSAGES.notDigital);
    const empty = await upload(productId, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DIGITAL_FILE_MESSAGES.noFile);
    expect((await upload(productId, bytes, 'x.pdf', { owner: false })).statusCode).toBe(401);
    await makeOwner(t.testDb.db, site.id, 'viewer@example.com', 'viewer');
    const viewer = await signInOwner(t.app, t.hostOf(site), 'viewer@example.com');
    const { payload, contentType } = multipartFile(bytes, 'viewer.pdf');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/owner/catalogue/products/${productId}/digital-file`,
      headers: { host: viewer.host, 'x-emporium-site': viewer.site!, cookie: viewer.cookie, 'x-csrf-token': viewer.crumb, 'content-type': contentType },
      payload,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await viewer.call('GET', `/api/owner/catalogue/products/${productId}/digital-file`)).json().file.name).toBe('Field Guide.pdf');
  });

  it('refuses a file over the size limit with 413 and its message, and keeps the file it had', async () => {
    const response = await upload(productId, Buffer.alloc(MAX_DIGITAL_FILE_BYTES + 1, 7), 'huge.bin');
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe('The file is too large: the maximum size is 100 MB.');
    expect(response.json().message).toBe(DIGITAL_FILE_MESSAGES.tooLarge);
    expect((await t.call(site, 'GET', `/api/owner/catalogue/products/${productId}/digital-file`)).json().file.name).toBe('Field Guide.pdf');
    expect(await readdir(join(dataDir, 'media', 'private', site.id))).toHaveLength(1);
  });

  it('gives the buyer a download link on the answer, the confirmation page and in the mail; the bytes are the uploaded ones', async () => {
    const { body } = await buy();
    expect(body.downloads).toHaveLength(1);
    const [link] = body.downloads;
    expect(link).toMatchObject({ productName: 'Field Guide', fileName: 'Field Guide.pdf' });
    expect(link.url).toMatch(/^\/api\/commerce\/downloads\/[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    const downloaded = await t.app.inject({ method: 'GET', url: link.url, headers: { host: t.hostOf(site) } });
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
    expect(downloaded.headers['content-type']).toBe('application/octet-stream');
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="Field Guide.pdf"; filename*=UTF-8''Field%20Guide.pdf`);
    const page = await t.app.inject({ method: 'GET', url: body.confirmationUrl, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${link.url}"`);
    expect(page.body).toContain(DOWNLOAD_MESSAGES.terms);
    const [mail] = await t.db
      .select({ textBody: outbox.textBody })
      .from(outbox)
      .where(
        and(
          eq(outbox.websiteId, site.id),
          eq(outbox.kind, 'order-confirmation'),
          eq(outbox.subject, `Your order #${body.order.orderNumber} from ${site.title}`),
        ),
      );
    // The link's origin is the site's configured one (issue 10: a Host header never makes URLs).
    expect(mail!.textBody).toContain(`Field Guide (Field Guide.pdf): ${canonicalOrigin(site, t.app.emporium.config)}${link.url}`);
    expect(mail!.textBody).toContain(DOWNLOAD_MESSAGES.terms);
  });

  it(`counts downloads up to ${MAX_DOWNLOADS}, then refuses with its message; an expired link is refused with its message`, async () => {
    const { body } = await buy();
    const url = body.downloads[0].url as string;
    const get = () => t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(site), accept: 'application/json' } });
    for (let n = 0; n < MAX_DOWNLOADS; n++) expect((await get()).statusCode).toBe(200);
    const usedUp = await get();
    expect(usedUp.statusCode).toBe(403);
    expect(usedUp.json().message).toBe(DOWNLOAD_MESSAGES.usedUp);
    const asPage = await t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(asPage.headers['content-type']).toMatch(/text\/html/);
    expect(asPage.body).toContain('This download link has been used 5 times');

    const second = await buy();
    const orderItemId = (second.body.downloads[0].url as string).split('/').pop()!.split('.')[0]!;
    await t.db
      .update(digitalDownloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(digitalDownloads.websiteId, site.id), eq(digitalDownloads.orderItemId, orderItemId)));
    const expired = await t.app.inject({ method: 'GET', url: second.body.downloads[0].url, headers: { host: t.hostOf(site), accept: 'application/json' } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(DOWNLOAD_MESSAGES.expired);
  });

  it('replays a checkout answer stored before orders had download links with an empty list', async () => {
    const visitor = new Visitor(t.app, t.hostOf(site));
    await visitor.add(productId, 'GUIDE');
    const body = { email: 'buyer@example.com', payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } };
    const headers = { 'idempotency-key': `replay-${dialect}-0123456789` };
    // A retry comes from the same browser, before it saw the answer that cleared the cart cookie.
    const cookies = new Map(visitor.cookies);
    const first = await visitor.checkout(body, headers);
    expect(first.json().downloads).toHaveLength(1);
    for (const [name, value] of cookies) visitor.cookies.set(name, value);
    await t.db.execute(
      sql`UPDATE idempotency_keys SET response_body = response_body - 'downloads' WHERE website_id = ${site.id} AND key = ${headers['idempotency-key']}`,
    );
    const replayed = await visitor.checkout(body, headers);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ ...first.json(), downloads: [] });
  });

  it('answers 404 for a wrong, forged or another site’s token', async () => {
    const { body } = await buy();
    const url = body.downloads[0].url as string;
    const [id, signature] = url.split('/').pop()!.split('.');
    const other = (await t.shopSite('digital-other')).site;
    for (const [host, path] of [
      [t.hostOf(site), '/api/commerce/downloads/nothing'],
      [t.hostOf(site), `/api/commerce/downloads/${id}`],
      [t.hostOf(site), `/api/commerce/downloads/${id}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`],
      [t.hostOf(site), `/api/commerce/downloads/${'0'.repeat(32)}.${signature}`],
      [t.hostOf(other), url],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { host, accept: 'application/json' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe(DOWNLOAD_MESSAGES.notFound);
    }
  });

  it('#24: a file uploaded as text/javascript is served as an attachment that cannot run: octet-stream, nosniff, CSP sandbox', async () => {
    const script = Buffer.from('fetch("/api/owner/owners", { method: "POST" });\n');
    const uploaded = await upload(productId, script, 'evil"\r\nx-injected: 1.js', { type: 'text/javascript' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().file.contentType).toBe('text/javascript');
    const { body } = await buy();
    for (const accept of ['*/*', 'text/html', 'application/javascript']) {
      const downloaded = await t.app.inject({ method: 'GET', url: body.downloads[0].url, headers: { host: t.hostOf(site), accept } });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(script)).toBe(true);
      expect(downloaded.headers['content-type']).toBe('application/octet-stream');
      expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]+$/);
      expect(downloaded.headers['x-injected']).toBeUndefined();
      expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
      expect(downloaded.headers['content-security-policy']).toBe('sandbox');
    }
  });

  it('replaces the file: the old bytes are removed and existing links deliver the new file', async () => {
    const { body } = await buy();
    const replacement = randomBytes(1000);
    const response = await upload(productId, replacement, 'Field Guide v2.epub');
    expect(response.statusCode).toBe(201);
    expect(await readdir(join(dataDir, 'media', 'private', site.id))).toEqual([response.json().file.id]);
    const downloaded = await t.app.inject({ method: 'GET', url: body.downloads[0].url, headers: { host: t.hostOf(site) } });
    expect(downloaded.rawPayload.equals(replacement)).toBe(true);
  });
});
