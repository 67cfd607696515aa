import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const brotliLater = promisify(brotliCompress);

/** Response header telling whether the page came from the cache (`hit`), was stored (`miss`) or bypassed it. */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/**
 * One rendered page, stored once in each encoding: brotli when stored, gzip when a browser
 * without brotli first asks for it (rare: every current browser accepts brotli; decision 0053).
 */
export interface CachedPage {
  readonly contentType: string;
  readonly identity: Buffer;
  readonly br: Buffer;
  /** Made by the first request that accepts gzip but not brotli, then kept. */
  gzip?: Buffer;
  readonly storedAt: number;
  /** What the entry counts against the cache's bound: its bodies, with room for the gzip body made later. */
  readonly bytes: number;
  /** The page may be served to a visitor with a cart (its site sells, so the header shows the count). */
  readonly sharedWithCarts: boolean;
  /** The HTTP status it is served with when not 200: 403 for a guest's access-denied page (106). */
  readonly status?: number;
}

/** A body coding a cached page is kept in. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** Brotli at quality 5: a page is compressed once and served many times. */
const brotliOptions = (identity: Buffer) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length },
});
const GZIP_LEVEL = 6;

/** The bytes an entry counts: gzip bodies are a little larger than brotli's, so room for one is kept from the start. */
function entryBytes(key: string, identity: Buffer, br: Buffer): number {
  return identity.length + br.length + Math.ceil(br.length * 1.25) + key.length;
}

/** `body` as a page stored at `storedAt` under `key`: compressed once with brotli (quality 5). */
export function compressedPage(key: string, contentType: string, body: string | Buffer, sharedWithCarts: boolean, storedAt: number, status = 200): CachedPage {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const br = brotliCompressSync(identity, brotliOptions(identity));
  return { contentType, identity, br, storedAt, bytes: entryBytes(key, identity, br), sharedWithCarts, ...(status === 200 ? {} : { status }) };
}

/**
 * {@link compressedPage} with the compression done on libuv's thread pool, off the main thread:
 * for a page built by a request, which is answered uncompressed before the page is stored.
 */
export async function compressedPageLater(
  key: string,
  contentType: string,
  identity: Buffer,
  sharedWithCarts: boolean,
  storedAt: number,
  status = 200,
): Promise<CachedPage> {
  const br = await brotliLater(identity, brotliOptions(identity));
  return { contentType, identity, br, storedAt, bytes: entryBytes(key, identity, br), sharedWithCarts, ...(status === 200 ? {} : { status }) };
}

function preferredEncoding(header: string | string[] | undefined): PageEncoding {
  if (header === undefined) return 'identity';
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The body of a cached page in the encoding `acceptEncoding` allows best (brotli, gzip, none). */
export function cachedBody(page: CachedPage, acceptEncoding: string | string[] | undefined): { encoding: PageEncoding; body: Buffer } {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(page.identity, { level: GZIP_LEVEL });
    return { encoding, body: page.gzip };
  }
  return { encoding, body: encoding === 'br' ? page.br : page.identity };
}

/**
 * Appends the headers of a cached page's answer to `list` as name, value pairs: no-cache,
 * `Vary: Accept-Encoding`, {@link PAGE_CACHE_HEADER}, the content type and the encoding. The
 * one list both the app's answer and the lane's are made from.
 */
export function appendPageHeaders(list: string[], page: Pick<CachedPage, 'contentType'>, encoding: PageEncoding, state: 'hit' | 'miss'): void {
  list.push('cache-control', 'no-cache', 'vary', 'Accept-Encoding', PAGE_CACHE_HEADER, state, 'content-type', page.contentType);
  if (encoding !== 'identity') list.push('content-encoding', encoding);
}
