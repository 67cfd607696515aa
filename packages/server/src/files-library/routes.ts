import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { MAX_IMAGE_BYTES, mediaStorageFor, readImageUploads, storeImage } from '../media/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { addLibraryFile, deleteLibraryFile, listLibraryFiles, updateLibraryFile } from './repository.js';
import { FileName, LibraryFile, LibraryFileUpdate, LibraryPage, LibraryPaths as P, LibraryQuery, MAX_FILE_NAME } from './schemas.js';

const tags = ['owner files'];
const FileParams = z.object({ fileId: z.string().min(1).max(64) });

/** A library name from an uploaded file's name: without its folder, at most {@link MAX_FILE_NAME} characters, 'Image' when nothing is left. */
export function libraryNameOf(filename: string, fieldName: string | undefined): string {
  const given = FileName.safeParse(fieldName ?? '');
  if (given.success) return given.data;
  const base = filename.split(/[\\/]/).at(-1)?.trim() ?? '';
  return (base || 'Image').slice(0, MAX_FILE_NAME);
}

/**
 * Registers the file library's calls: list and search (content:read), upload one JPEG, PNG or
 * WebP image through the media pipeline, rename or change its alt text, and remove it
 * (content:write). Every call answers for the session's site only.
 */
export function registerLibraryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const storage = mediaStorageFor(deps.config);
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    P.FILES,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "The site's file library, newest first, optionally only names containing q",
        querystring: LibraryQuery,
        response: withErrors({ 200: LibraryPage }),
      },
    },
    (request) => listLibraryFiles(db, siteOf(request).id, request.query),
  );

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      P.FILES,
      {
        preValidation: write,
        schema: {
          tags,
          summary: 'Adds a JPEG, PNG or WebP image to the library (multipart field "file"; optional "name", else the file\'s own name)',
          consumes: ['multipart/form-data'],
          body: z.object({ file: z.string().describe('The image file (binary)'), name: z.string().optional() }).nullish(),
          response: withErrors({ 201: LibraryFile }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const { files, fields } = await readImageUploads(request, 1);
        const upload = files[0]!;
        const image = await storeImage(storage, site.id, upload.bytes);
        const file = await db.transaction(async (tx) => {
          const added = await addLibraryFile(tx, site.id, libraryNameOf(upload.filename, fields.name), upload.bytes.length, image);
          await recordAudit(tx, request, { action: 'file.upload', subjectType: 'file', subjectId: added.id, detail: { name: added.name, bytes: added.bytes } });
          return added;
        });
        reply.code(201);
        return file;
      },
    );
  });

  routes.patch(
    P.FILE,
    {
      preValidation: write,
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Renames a file or changes its alt text',
        params: FileParams,
        body: LibraryFileUpdate,
        response: withErrors({ 200: LibraryFile }),
      },
    },
    (request) =>
      db.transaction(async (tx) => {
        const site = siteOf(request);
        const file = await updateLibraryFile(tx, site.id, request.params.fileId, request.body);
        await recordAudit(tx, request, { action: 'file.update', subjectType: 'file', subjectId: file.id, detail: request.body });
        return file;
      }),
  );

  routes.delete(
    P.FILE,
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Removes a file from the library (pages that show it keep showing it)',
        params: FileParams,
        response: withErrors({ 204: z.null() }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      await db.transaction(async (tx) => {
        const file = await deleteLibraryFile(tx, site.id, request.params.fileId);
        await recordAudit(tx, request, { action: 'file.delete', subjectType: 'file', subjectId: file.id, detail: { name: file.name } });
      });
      return reply.code(204).send(null);
    },
  );
}
