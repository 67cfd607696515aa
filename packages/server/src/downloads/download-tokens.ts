import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadServerSecret } from '../db/server-secrets.js';
import type { DbOrTx } from '../db/types.js';

/** Name of the server secret that signs download links. */
export const DOWNLOAD_SECRET = 'download-links';

const ORDER_ITEM_ID = /^[0-9a-f]{32}$/;

/** The secret that signs download links (created on first use, shared by every server process). */
export function downloadSecret(db: DbOrTx): Promise<Buffer> {
  return loadServerSecret(db as Parameters<typeof loadServerSecret>[0], DOWNLOAD_SECRET);
}

function signature(secret: Buffer, websiteId: string, orderItemId: string): string {
  return createHmac('sha256', secret).update(`download:${websiteId}:${orderItemId}`).digest('base64url');
}

/** The token of an order line's download link: the line id and its HMAC-SHA256 under the server secret. */
export function downloadToken(secret: Buffer, websiteId: string, orderItemId: string): string {
  return `${orderItemId}.${signature(secret, websiteId, orderItemId)}`;
}

/** The order line a token was signed for on this site, or null for a token that is malformed or not signed by us. */
export function orderItemIdOfToken(secret: Buffer, websiteId: string, token: string): string | null {
  const [id, given, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !given || !ORDER_ITEM_ID.test(id)) return null;
  const expected = Buffer.from(signature(secret, websiteId, id));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return id;
}

/** Site path of a download link. */
export function downloadPath(token: string): string {
  return `/api/commerce/downloads/${token}`;
}
