import type { DbOrTx } from '../db/types.js';
import { DOWNLOAD_DAYS, MAX_DOWNLOADS } from './download-messages.js';
import { grantDownloads, listDownloads, type DownloadLine } from './download-repository.js';
import { downloadPath, downloadSecret, downloadToken } from './download-tokens.js';
import type { DownloadLink } from './schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function linksOf(db: DbOrTx, websiteId: string, lines: DownloadLine[]): Promise<DownloadLink[]> {
  if (lines.length === 0) return [];
  const secret = await downloadSecret(db);
  return lines.map((l) => ({ productName: l.productName, fileName: l.fileName, url: downloadPath(downloadToken(secret, websiteId, l.orderItemId)) }));
}

/**
 * Gives the buyer of an order a download link for each digital line whose product has a file
 * (inside the checkout transaction): {@link MAX_DOWNLOADS} downloads within {@link DOWNLOAD_DAYS}
 * days of `now`.
 */
export async function grantOrderDownloads(tx: DbOrTx, websiteId: string, orderId: string, now: Date): Promise<DownloadLink[]> {
  const lines = await grantDownloads(tx, { websiteId, orderId, maxDownloads: MAX_DOWNLOADS, expiresAt: new Date(now.getTime() + DOWNLOAD_DAYS * DAY_MS) });
  return linksOf(tx, websiteId, lines);
}

/** The download links of an order (empty when it has no digital line with a file). */
export async function orderDownloadLinks(db: DbOrTx, websiteId: string, orderId: string): Promise<DownloadLink[]> {
  return linksOf(db, websiteId, await listDownloads(db, websiteId, orderId));
}
