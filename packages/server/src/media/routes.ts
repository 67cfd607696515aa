import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { items } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { renderImage, sniffImageFormat, SRCSET_WIDTHS, type ImageFormat } from './image-renditions.js';
import { localMediaStorage, type MediaStorage } from './media-storage.js';

/** Largest image upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Spec 5 "Upload": the refusals of an upload. */
export const UPLOAD_MESSAGES = Object.freeze({
  noFile: 'Choose an image to upload.',
  notSupported: 'The file is not a supported type: upload a JPEG, PNG or WebP image.',
  tooLarge: `The file is too large: the maximum size is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  notAnImage: 'The file could not be read as an image.',
  unreadable: 'The upload could not be read: send the image as multipart/form-data.',
});
/** Where media files are served. */
export const MEDIA_PATH = '/api/media';
const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const CONTENT_TYPE: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** An image attached to a product, as stored in the item's structured content. */
export const ProductImage = z.object({
  id: z.string(),
  assetUrl: z.string().describe('The largest copy in the original format'),
  altText: z.string(),
  originalSize: z.string().describe('WIDTHxHEIGHT'),
  srcset: z.string().describe('WebP copies with their widths, for <img srcset>'),
  srcsetOriginal: z.string().describe('Copies in the original format with their widths'),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** Options of the media routes. */
export interface MediaRouteOptions {
  /** Where files go (default: `{dataDir}/media`). */
  storage?: MediaStorage;
}

function urlOf(websiteId: string, name: string): string {
  return `${MEDIA_PATH}/${websiteId}/${name}`;
}

async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; altText: string }> {
  let bytes: Buffer | undefined;
  let altText = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') bytes = await part.toBuffer();
        else await part.toBuffer();
      } else if (part.fieldname === 'altText') {
        altText = String(part.value).slice(0, 250);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.noFile);
    // Anything else here is the request's form not parsing (no boundary, a cut-off part, too many parts).
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.unreadable, { cause: error });
  }
  if (!bytes || bytes.length === 0) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.noFile);
  return { bytes, altText };
}

/**
 * Registers image upload for products (multipart, type sniffed from the bytes, size-limited,
 * resized once into the srcset widths in WebP and the original format, stored through a
 * {@link MediaStorage}, attached to the product) and serving of the stored files with
 * immutable caching. Upload needs 'catalogue:write'.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: AppDeps, options: MediaRouteOptions = {}): void {
  const { db } = deps;
  const storage = options.storage ?? localMediaStorage(join(deps.config.dataDir, 'media'));
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');

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
        const format = sniffImageFormat(bytes);
        if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notSupported);
        const rendered = await renderImage(bytes, format).catch((error: unknown) => {
          throw new AppError('UNPROCESSABLE', UPLOAD_MESSAGES.notAnImage, { cause: error });
        });
        const id = randomBytes(16).toString('hex');
        for (const r of rendered.renditions) await storage.put(`${site.id}/${id}-${r.width}.${EXTENSION[r.format]}`, r.bytes);
        const srcsetOf = (f: ImageFormat) =>
          rendered.renditions
            .filter((r) => r.format === f)
            .map((r) => `${urlOf(site.id, `${id}-${r.width}.${EXTENSION[f]}`)} ${r.width}w`)
            .join(', ');
        const largest = rendered.renditions.filter((r) => r.format === format).at(-1)!;
        const image: ProductImage = {
          id,
          assetUrl: urlOf(site.id, `${id}-${largest.width}.${EXTENSION[format]}`),
          altText,
          originalSize: `${rendered.width}x${rendered.height}`,
          srcset: srcsetOf('webp'),
          srcsetOriginal: srcsetOf(format),
        };
        await db.transaction(async (tx) => {
          await tx
            .update(items)
            .set({
              assetUrl: sql`coalesce(${items.assetUrl}, ${image.assetUrl})`,
              structuredContent: sql`jsonb_set(${items.structuredContent}, '{images}', coalesce(${items.structuredContent}->'images', '[]'::jsonb) || ${JSON.stringify([image])}::jsonb)`,
              updatedAt: new Date(),
            })
            .where(and(eq(items.websiteId, site.id), eq(items.id, product.id)));
          await recordAudit(tx, request, {
            action: 'product.image.add',
            subjectType: 'product',
            subjectId: product.id,
            detail: { imageId: id, originalSize: image.originalSize },
          });
        });
        reply.code(201);
        return image;
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
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
