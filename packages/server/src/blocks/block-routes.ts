import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { MAX_IMAGE_BYTES, mediaStorageFor, readImageUploads, storeImage } from '../media/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import {
  BLOCK_FIELDS_PATH,
  BLOCK_MEDIA_PATH,
  BlockFieldList,
  BlockMediaList,
  HttpsUrl,
  UploadedBlockImage,
  VIDEO_DETAILS_PATH,
  VideoDetails,
} from '../block-kinds/index.js';
import { AppError } from '../errors/index.js';
import { lookUpVideo } from './video-details.js';
import { blockFieldRulesOf } from './block-field-rules.js';
import { siteImages } from './media-library.js';
import { addLibraryFile, libraryNameOf } from '../files-library/index.js';

const tags = ['owner blocks'];

/**
 * Registers the block editor's calls: the image picker of image and gallery blocks (GET lists
 * the site's images, `content:read`; POST uploads one through the media pipeline, sniffed,
 * size-limited and resized once into the srcset widths, `content:write`) and the block fields
 * the site's theme declares (`content:read`); and the video block's look-up of a video's title,
 * thumbnail and player at its host's oEmbed endpoint (`content:write`).
 */
export function registerBlockRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const storage = mediaStorageFor(deps.config);
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      BLOCK_MEDIA_PATH,
      {
        preValidation: read,
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store, private');
        },
        schema: { tags, summary: "The site's images for the image picker of image and gallery blocks", response: withErrors({ 200: BlockMediaList }) },
      },
      async (request) => ({ images: await siteImages(db, siteOf(request).id) }),
    );
    routes.get(
      BLOCK_FIELDS_PATH,
      {
        preValidation: read,
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store, private');
        },
        schema: {
          tags,
          summary: "The block fields of the site's theme: their names, columns and whether their layout is fixed",
          response: withErrors({ 200: BlockFieldList }),
        },
      },
      async (request) => {
        const theme = await deps.themes.forSettings(siteOf(request).settings);
        return {
          fields: blockFieldRulesOf(theme.compiled.source).map((f) => ({ id: f.id, label: f.label ?? f.id, columns: f.columns, lockLayout: f.lockLayout })),
        };
      },
    );
    routes.post(
      VIDEO_DETAILS_PATH,
      {
        preValidation: write,
        bodyLimit: 4096,
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store, private');
        },
        schema: {
          tags,
          summary: "A YouTube or Vimeo video's title, host, thumbnail and player HTML (cleaned), from its host's oEmbed answer, for a video block",
          body: z.object({ url: HttpsUrl }),
          response: withErrors({ 200: VideoDetails }),
        },
      },
      async (request) => {
        const found = await lookUpVideo(request.body.url, deps.config.oembedEndpoints);
        if (found.ok) return found.video;
        if (found.reason === 'unreachable') throw new AppError('UNAVAILABLE', found.message);
        if (found.reason === 'not-found') throw new AppError('NOT_FOUND', found.message);
        throw new AppError('UNPROCESSABLE', found.message, { body: { errors: { url: found.message } } });
      },
    );
    routes.post(
      BLOCK_MEDIA_PATH,
      {
        preValidation: write,
        schema: {
          tags,
          summary: 'Uploads a JPEG, PNG or WebP image (multipart field "file") for an image or gallery block; answers its URL, size and srcset',
          consumes: ['multipart/form-data'],
          body: z.object({ file: z.string().describe('The image file (binary)') }).nullish(),
          response: withErrors({ 201: UploadedBlockImage }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const { files } = await readImageUploads(request, 1);
        const upload = files[0]!;
        const image = await storeImage(storage, site.id, upload.bytes);
        // Kept in the site's file library too, so the image can be picked again before any block is saved.
        await db.transaction(async (tx) => {
          await addLibraryFile(tx, site.id, libraryNameOf(upload.filename, undefined), upload.bytes.length, image);
          await recordAudit(tx, request, { action: 'block.image.add', subjectType: 'website', subjectId: site.id, detail: { imageId: image.id } });
        });
        reply.code(201);
        return { assetUrl: image.assetUrl, originalSize: image.originalSize, srcset: image.srcset, altText: '', source: 'Uploaded' };
      },
    );
  });
}
