import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { MAX_ALT_TEXT, MAX_IMAGE_BYTES, mediaStorageFor, readImageUploads, storeImage, type StoredImage } from '../media/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { ITEM_MESSAGES, MAX_IMAGES_PER_UPLOAD } from './item-messages.js';
import { draftNewImage } from './gallery-drafts.js';
import { createItem, itemCollectionOf } from './item-repository.js';
import { storedItemFields } from './item-rules.js';
import { itemViewOf } from './item-view.js';
import { BodyImage, CollectionParams, ItemList, ItemStatus } from './schemas.js';

const tags = ['owner items'];

/** A gallery image's title from its file name: the name without its extension, dashes and underscores as spaces. */
export function titleOfFile(filename: string): string {
  const title = filename
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return (title || 'Image').slice(0, 200);
}

/**
 * Registers the item uploads: many gallery images at once (each becomes a gallery item, last
 * in order, with its alt text defaulting to its title and its focal point the centre, spec 9),
 * and an image for a post's body (stored, answered with its URL and srcset for the editor to
 * insert). Both go through the media pipeline (type sniffed, size-limited, resized once); both
 * need `content:write`.
 */
export function registerItemUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const storage = mediaStorageFor(deps.config);
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_UPLOAD } });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/api/owner/collections/:collectionId/items/images',
      {
        preValidation: write,
        schema: {
          tags,
          summary: `Uploads up to ${MAX_IMAGES_PER_UPLOAD} JPEG, PNG or WebP images at once (multipart fields "file"; optional "status", default published) as gallery images; with "drafted" true each is a draft visitors see once published`,
          consumes: ['multipart/form-data'],
          params: CollectionParams,
          body: z
            .object({
              file: z.string().describe('An image file (binary); repeat the field for more'),
              status: ItemStatus.optional(),
              drafted: z.enum(['true', 'false']).optional().describe('true: the images are drafts (decision 0055), published with the site'),
            })
            .nullish(),
          response: withErrors({ 201: ItemList }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
        if (collection.kind !== 'gallery') throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.notAGallery);
        const { files, fields } = await readImageUploads(request, MAX_IMAGES_PER_UPLOAD);
        const status = ItemStatus.exclude(['scheduled']).safeParse(fields.status ?? 'published').data ?? 'published';
        const drafted = fields.drafted === 'true';
        const stored: { title: string; image: StoredImage }[] = [];
        for (const file of files) stored.push({ title: titleOfFile(file.filename), image: await storeImage(storage, site.id, file.bytes) });
        const now = new Date();
        const rows = await db.transaction(async (tx) => {
          const created: { row: Awaited<ReturnType<typeof createItem>>; draftVersion?: number }[] = [];
          for (const { title, image } of stored) {
            const itemFields = storedItemFields(
              'gallery',
              {
                title,
                body: '',
                excerpt: '',
                tags: [],
                categories: [],
                authorId: null,
                authorName: '',
                // A drafted image is out of sight until published: the row is a Draft, its draft holds the status asked for.
                status: drafted ? 'draft' : status,
                publishOn: null,
                image: { altText: title.slice(0, MAX_ALT_TEXT), focalPoint: { x: 0.5, y: 0.5 } },
              },
              now,
              '',
            );
            const row = await createItem(tx, site.id, collection, itemFields, { assetUrl: image.assetUrl, structured: { originalSize: image.originalSize } });
            created.push(drafted ? { row, draftVersion: await draftNewImage(tx, site.id, collection, row, status, request.owner?.email ?? '') } : { row });
          }
          await recordAudit(tx, request, { action: 'item.upload', subjectType: 'collection', subjectId: collection.id, detail: { images: created.length } });
          return created;
        });
        reply.code(201);
        return {
          items: rows.map(({ row, draftVersion }) =>
            itemViewOf(collection, row, draftVersion === undefined ? null : { title: row.title, status, version: draftVersion }),
          ),
        };
      },
    );

    routes.post(
      '/api/owner/collections/:collectionId/images',
      {
        preValidation: write,
        schema: {
          tags,
          summary: 'Uploads a JPEG, PNG or WebP image (multipart field "file") for a post\'s or event\'s body; answers its URL and srcset',
          consumes: ['multipart/form-data'],
          params: CollectionParams,
          body: z.object({ file: z.string().describe('The image file (binary)') }).nullish(),
          response: withErrors({ 201: BodyImage }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
        const { files } = await readImageUploads(request, 1);
        const image = await storeImage(storage, site.id, files[0]!.bytes);
        await recordAudit(db, request, { action: 'item.image.add', subjectType: 'collection', subjectId: collection.id, detail: { imageId: image.id } });
        reply.code(201);
        return { id: image.id, assetUrl: image.assetUrl, srcset: image.srcset, originalSize: image.originalSize };
      },
    );
  });
}
