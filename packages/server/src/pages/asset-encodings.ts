import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Content codings the server sends precomputed bodies in, best first. */
export type AssetEncoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are: the coding would save less than a packet. */
export const MIN_ENCODED_BYTES = 1024;

const TEXT_TYPE = /^(text\/|image\/svg\+xml|application\/(json|javascript|manifest\+json))/;

/** True when a body of this media type and size is worth sending compressed. */
export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= MIN_ENCODED_BYTES && TEXT_TYPE.test(contentType);
}

/**
 * The coding to answer an `Accept-Encoding` header with: brotli when accepted, else gzip, else
 * none. A coding listed with `q=0` is refused; `*` accepts both.
 */
export function preferredEncoding(acceptEncoding: string | undefined): AssetEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(coding, q === undefined || Number(q.slice(2)) > 0);
  }
  for (const coding of ['br', 'gzip'] as const) {
    const listed = accepted.get(coding) ?? accepted.get('*');
    if (listed) return coding;
  }
  return null;
}

const encoders: Readonly<Record<AssetEncoding, (body: Buffer) => Buffer>> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/**
 * Compresses a fixed body once per coding, on first use, and keeps the result: for assets whose
 * content never changes under their name (the name carries the content hash).
 */
export function encodedBodies(): (key: string, body: Buffer, encoding: AssetEncoding) => Buffer {
  const cache = new Map<string, Buffer>();
  return (key, body, encoding) => {
    const cacheKey = `${encoding}:${key}`;
    let encoded = cache.get(cacheKey);
    if (!encoded) {
      encoded = encoders[encoding](body);
      cache.set(cacheKey, encoded);
    }
    return encoded;
  };
}
