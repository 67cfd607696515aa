import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { digitalFileMessages, MAX_DIGITAL_FILE_BYTES } from './digital-file-messages.js';
import { assertDigitalProduct, attachDigitalFile, DigitalFile, findDigitalFile } from './digital-files.js';
import type { MediaStorage } from './media-storage.js';

/** Options of the digital file routes. */
export interface DigitalFileRouteOptions {
  storage: MediaStorage;
  /** Largest upload in bytes (default {@link MAX_DIGITAL_FILE_BYTES}). */
  maxBytes?: number;
}

interface Upload {
  bytes: Buffer;
  name: string;
  contentType: string;
}

async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const messages = digitalFileMessages(maxBytes);
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') upload = { bytes, name: part.filename, contentType: part.mimetype };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.noFile);
    throw new AppError('BAD_REQUEST', messages.unreadable, { cause: error });
  }
  if (!upload || upload.bytes.length === 0) throw new AppError('VALIDATION_FAILED', messages.noFile);
  return upload;
}

/**
 * Registers the owner calls for the file of a digital product: upload (multipart field "file",
 * any type, stored under a private key, replacing an earlier file; 'catalogue:write') and
 * reading what is attached ('catalogue:read'). The bytes are only ever sent to buyers through
 * their download links.
 */
export function registerDigitalFileRoutes(app: FastifyInstance, deps: AppDeps, options: DigitalFileRouteOptions): void {
  const { db } = deps;
  const { storage } = options;
  const maxBytes = options.maxBytes ?? MAX_DIGITAL_FILE_BYTES;
  const read = requireOwner(db, deps.config.ownerToken, 'catalogue:read');
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');
  const params = z.object({ productId: z.string().min(1).max(64) });
  const answer = z.object({ file: DigitalFile.nullable() });

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/owner/catalogue/products/:productId/digital-file',
      {
        preValidation: write,
        schema: {
          tags: ['owner catalogue'],
          summary: 'Uploads the file buyers of a digital product download (multipart field "file", any type); replaces an earlier file',
          consumes: ['multipart/form-data'],
          params,
          // Read from the multipart stream by the handler; the schema documents the form.
          body: z.object({ file: z.string().describe('The file (binary)') }).nullish(),
          response: withErrors({ 201: answer }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const { productId } = request.params;
        // Unknown products and products that are not digital are refused before the body is read.
        await assertDigitalProduct(db, site.id, productId);
        const upload = await readUpload(request, maxBytes);
        const file = await attachDigitalFile(db, storage, {
          websiteId: site.id,
          productId,
          ...upload,
          onAttached: (tx, file) =>
            recordAudit(tx, request, {
              action: 'product.digital-file.set',
              subjectType: 'product',
              subjectId: productId,
              detail: { fileId: file.id, name: file.name, size: file.size },
            }),
        });
        reply.code(201);
        return { file };
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/owner/catalogue/products/:productId/digital-file',
    {
      preValidation: read,
      schema: {
        tags: ['owner catalogue'],
        summary: 'The file attached to a digital product (name, size, type), or null',
        params,
        response: withErrors({ 200: answer }),
      },
    },
    async (request) => ({ file: await findDigitalFile(db, siteOf(request).id, request.params.productId) }),
  );
}
