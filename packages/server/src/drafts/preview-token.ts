import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview token lets its holder see a site's drafts. */
export const PREVIEW_TOKEN_TTL_MS = 15 * 60_000;
/** The site cookie that carries a preview token (an `emporium_` cookie: the page cache never serves its holder). */
export const PREVIEW_COOKIE = 'emporium_preview';

interface PreviewClaims {
  /** Website id. */
  readonly w: string;
  /** Owner account id ('' for the break-glass token). */
  readonly o: string;
  /** Expiry, ms since the epoch. */
  readonly e: number;
}

function mac(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update('preview\n').update(body).digest();
}

/**
 * A short-lived signed token that lets a browser see one site's drafts on the site's own origin
 * (ARCHITECTURE: the preview never carries the owner's session): the site, the owner and the
 * expiry, signed with the server's preview secret.
 */
export function issuePreviewToken(secret: Buffer, websiteId: string, ownerId: string, now = Date.now()): { token: string; expiresAt: Date } {
  const claims: PreviewClaims = { w: websiteId, o: ownerId, e: now + PREVIEW_TOKEN_TTL_MS };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${body}.${mac(secret, body).toString('base64url')}`, expiresAt: new Date(claims.e) };
}

/** The claims of a token for `websiteId` that is genuine and not expired; undefined otherwise. */
export function readPreviewToken(
  secret: Buffer,
  token: string | undefined,
  websiteId: string,
  now = Date.now(),
): { ownerId: string; expiresAt: number } | undefined {
  if (!token || token.length > 600) return undefined;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, body);
  // Compared as bytes; a signature whose text is not the canonical encoding of them is refused too.
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signature) return undefined;
  let claims: PreviewClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PreviewClaims;
  } catch {
    return undefined;
  }
  if (claims.w !== websiteId || typeof claims.e !== 'number' || claims.e <= now) return undefined;
  return { ownerId: String(claims.o ?? ''), expiresAt: claims.e };
}
