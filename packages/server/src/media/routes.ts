import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { items } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { SRCSET_WIDTHS } from './image-renditions.js';
import { mediaStorageFor } from './configured-storage.js';
import { registerDigitalFileRoutes } from './digital-file-routes.js';
import { readImageUploads } from './upload-reader.js';
import type { MediaStorage } from './media-storage.js';
import {
  attachProductImage,
  FocalPoint,
  MAX_ALT_TEXT,
  MAX_IMAGE_BYTES,
  MEDIA_PATH,
  ProductImage,
  UPLOAD_MESSAGES,
  updateProductImage,
} from './product-images.js';

export { MAX_IMAGE_BYTES, MEDIA_PATH, ProductImage, UPLOAD_MESSAGES } from './product-images.js';

const CONTENT_TYPE: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Options of the media routes. */
export interface MediaRouteOptions {
  /** Where files go (default: the configured store, see {@link mediaStorageFor}). */
  storage?: MediaStorage;
  /** Largest file of a digital product, in bytes (default 100 MB). */
  maxDigitalFileBytes?: number;
}

/** Body of the call that changes an image's alt text and focal point. */
export const ImageUpdate = z
  .object({
    altText: z.string().max(MAX_ALT_TEXT).optional().describe('Empty means the default: the product title, at most 250 characters'),
    focalPoint: FocalPoint.optional(),
  })
  .strict()
  .refine((body) => body.altText !== undefined || body.focalPoint !== undefined, { message: 'Give altText, focalPoint or both.' });

async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; altText: string }> {
  const { files, fields } = await readImageUploads(request);
  return { bytes: files[0]!.bytes, altText: (fields.altText ?? '').slice(0, MAX_ALT_TEXT) };
}

/**
 * Registers image upload for products (multipart, type sniffed from the bytes, size-limited,
 * resized once into the srcset widths in WebP and the original format, stored through a
 * {@link MediaStorage}, attached to the product) and serving of the stored files with
 * immutable caching. Upload needs 'catalogue:write'.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: AppDeps, options: MediaRouteOptions = {}): void {
  const { db } = deps;
  const storage = options.storage ?? mediaStorageFor(deps.config);
  const read = requireOwner(db, deps.config.ownerToken, 'catalogue:read');
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');

  registerDigitalFileRoutes(app, deps, { storage, ...(options.maxDigitalFileBytes ? { maxBytes: options.maxDigitalFileBytes } : {}) });

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/owner/catalogue/products/:productId/images',
      {
        preValidation: write,
        schema: {
          tags: ['owner catalogue'],
          summary: 'Uploads a JPEG, PNG or WebP image (multipart field "file", optional "altText") and attaches it to a product',
          consumes: ['multipart/form-data'],
          params: z.object({ productId: z.string().min(1).max(64) }),
          // Read from the multipart stream by the handler; the schema documents the form.
          body: z.object({ file: z.string().describe('The image file (binary)'), altText: z.string().max(250).optional() }).nullish(),
          response: withErrors({ 201: ProductImage }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const [product] = await db
          .select({ id: items.id })
          .from(items)
          .where(and(eq(items.websiteId, site.id), eq(items.id, request.params.productId), eq(items.recordType, 11)));
        if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
        const { bytes, altText } = await readUpload(request);
        const image = await attachProductImage(db, storage, {
          websiteId: site.id,
          productId: product.id,
          bytes,
          altText,
          onAttached: (tx, image) =>
            recordAudit(tx, request, {
              action: 'product.image.add',
              subjectType: 'product',
              subjectId: product.id,
              detail: { imageId: image.id, originalSize: image.originalSize },
            }),
        });
        reply.code(201);
        return image;
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/owner/catalogue/products/:productId/images',
    {
      preValidation: read,
      schema: {
        tags: ['owner catalogue'],
        summary: "A product's uploaded images in order (the first is its main image), with their alt text and focal point",
        params: z.object({ productId: z.string().min(1).max(64) }),
        response: withErrors({ 200: z.object({ images: z.array(ProductImage) }) }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const [product] = await db
        .select({ structuredContent: items.structuredContent })
        .from(items)
        .where(and(eq(items.websiteId, site.id), eq(items.id, request.params.productId), eq(items.recordType, 11)));
      if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
      const stored = Array.isArray(product.structuredContent.images) ? product.structuredContent.images : [];
      return { images: stored.flatMap((image) => ProductImage.safeParse(image).data ?? []) };
    },
  );

  routes.patch(
    '/api/owner/catalogue/products/:productId/images/:imageId',
    {
      preValidation: write,
      schema: {
        tags: ['owner catalogue'],
        summary: "Changes an image's alt text and focal point (spec 3 mediaFocalPoint, 0 to 1 from the top left; the storefront keeps that point in view)",
        params: z.object({ productId: z.string().min(1).max(64), imageId: z.string().min(1).max(64) }),
        body: ImageUpdate,
        response: withErrors({ 200: ProductImage }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { productId, imageId } = request.params;
      return updateProductImage(db, {
        websiteId: site.id,
        productId,
        imageId,
        changes: request.body,
        onUpdated: (tx, image) =>
          recordAudit(tx, request, {
            action: 'product.image.update',
            subjectType: 'product',
            subjectId: productId,
            detail: {
              imageId,
              ...(request.body.altText !== undefined ? { altText: image.altText } : {}),
              ...(image.mediaFocalPoint ? { focalPoint: image.mediaFocalPoint } : {}),
            },
          }),
      });
    },
  );

  routes.get(
    `${MEDIA_PATH}/:websiteId/:name`,
    {
      schema: {
        tags: ['media'],
        summary: 'A stored image copy (immutable: a new upload gets a new name)',
        params: z.object({ websiteId: z.string().max(64), name: z.string().max(200) }),
        response: withErrors({ 200: z.string().describe('The image bytes (JPEG, PNG or WebP)') }),
      },
    },
    async (request, reply) => {
      const { websiteId, name } = request.params;
      const site = siteOf(request);
      const match = /^[0-9a-f]{32}-(\d{1,4})\.(jpg|png|webp)$/.exec(name);
      if (websiteId !== site.id || !match || !(SRCSET_WIDTHS as readonly number[]).includes(Number(match[1]))) throw new AppError('NOT_FOUND', 'Not found');
      const bytes = await storage.get(`${site.id}/${name}`);
      if (!bytes) throw new AppError('NOT_FOUND', 'Not found');
      // Bytes are sent as they are; they are never serialised against the response schema.
      return (reply as FastifyReply).type(CONTENT_TYPE[match[2]!]!).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
}
