import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { items } from '../db/schema.js';
import { AppError } from '../errors/index.js';
import { renderErrorPage } from '../http/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { digitalFileOf, mediaStorageFor, readDigitalFile, type MediaStorage } from '../media/index.js';
import { siteOf } from '../sites/index.js';
import { DOWNLOAD_MESSAGES } from './download-messages.js';
import { countDownload, findDownloadRight, type DownloadRight } from './download-repository.js';
import { downloadSecret, orderItemIdOfToken } from './download-tokens.js';
import { DownloadParams } from './schemas.js';

/** Options of the download route. */
export interface DownloadRouteOptions {
  /** Where files are (default: the configured media store). */
  storage?: MediaStorage;
  /** The clock (tests move it past the expiry). */
  now?: () => Date;
}

function refusal(right: DownloadRight, now: Date): AppError | null {
  if (right.expiresAt.getTime() <= now.getTime()) return new AppError('FORBIDDEN', DOWNLOAD_MESSAGES.expired);
  if (right.downloads >= right.maxDownloads) return new AppError('FORBIDDEN', DOWNLOAD_MESSAGES.usedUp);
  return null;
}

/**
 * Headers of a digital file's bytes, whatever type the owner uploaded it as: a download that a
 * browser never shows, sniffs or runs (not as a page, not as the source of a `<script>` or a
 * worker), and that runs in a sandbox of its own should it ever be shown.
 */
export const DOWNLOAD_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/octet-stream',
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
  'cache-control': 'private, no-store',
});

/** `attachment` Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Registers `GET /api/commerce/downloads/{token}`: the file of a digital product for the buyer
 * of an order line. The token is the line id signed with the server secret; an unknown or
 * forged token is a 404, a used-up or expired link a 403 with its message. Each answered
 * download is counted. The file is always sent with {@link DOWNLOAD_HEADERS} (decision 0033).
 */
export function registerDownloadRoutes(app: FastifyInstance, deps: AppDeps, options: DownloadRouteOptions = {}): void {
  const { db } = deps;
  const storage = options.storage ?? mediaStorageFor(deps.config);
  const clock = options.now ?? (() => new Date());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/commerce/downloads/:token',
    {
      schema: {
        tags: ['checkout'],
        summary: "A digital product's file, for the buyer holding the order line's download link",
        params: DownloadParams,
        response: withErrors({ 200: z.string().describe('The file (binary), as an attachment') }),
      },
    },
    async (request, reply) => {
      try {
        return await answer(request, request.params.token, reply);
      } catch (error) {
        // A buyer following the link from the mail reads the refusal as a page, not as JSON.
        const accept = request.headers.accept ?? '';
        if (!(error instanceof AppError) || !accept.includes('text/html')) throw error;
        const title = error.status === 404 ? 'Download not found' : 'Download unavailable';
        return (reply as FastifyReply)
          .code(error.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderErrorPage(error.status, title, error.message));
      }
    },
  );

  async function answer(request: FastifyRequest, token: string, reply: FastifyReply): Promise<FastifyReply> {
    const site = siteOf(request);
    const now = clock();
    const orderItemId = orderItemIdOfToken(await downloadSecret(db), site.id, token);
    const right = orderItemId ? await findDownloadRight(db, site.id, orderItemId) : null;
    if (!orderItemId || !right) throw new AppError('NOT_FOUND', DOWNLOAD_MESSAGES.notFound);
    const refused = refusal(right, now);
    if (refused) throw refused;
    const [product] = await db
      .select({ structuredContent: items.structuredContent })
      .from(items)
      .where(and(eq(items.websiteId, site.id), eq(items.id, right.itemId)));
    const file = product ? digitalFileOf(product.structuredContent) : null;
    const bytes = file ? await readDigitalFile(storage, site.id, file) : null;
    if (!file || !bytes) throw new AppError('NOT_FOUND', DOWNLOAD_MESSAGES.missing);
    if (!(await countDownload(db, site.id, orderItemId, now))) {
      const latest = await findDownloadRight(db, site.id, orderItemId);
      throw (latest && refusal(latest, now)) ?? new AppError('FORBIDDEN', DOWNLOAD_MESSAGES.usedUp);
    }
    // Bytes are sent as they are; they are never serialised against the response schema.
    return reply.headers(DOWNLOAD_HEADERS).header('content-disposition', contentDisposition(file.name)).send(bytes);
  }
}
