/** Digital delivery: the buyer's signed download links of digital products, limited in count and time. */
export { registerDownloadRoutes, type DownloadRouteOptions } from './routes.js';
export { grantOrderDownloads, orderDownloadLinks } from './download-links.js';
export { DOWNLOAD_DAYS, DOWNLOAD_MESSAGES, MAX_DOWNLOADS } from './download-messages.js';
export { DownloadLink } from './schemas.js';
