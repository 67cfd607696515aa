import { z } from '../http/schemas.js';

/** A buyer's download link of one order line, as the checkout answer, the confirmation page and mail show it. */
export const DownloadLink = z.object({
  productName: z.string(),
  fileName: z.string(),
  url: z.string().describe('Site path of the download (an unguessable token bound to the order line)'),
});
export type DownloadLink = z.infer<typeof DownloadLink>;

/** Parameters of the download call. */
export const DownloadParams = z.object({ token: z.string().min(1).max(200) });
