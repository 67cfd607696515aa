/** How many times one download link may be used. */
export const MAX_DOWNLOADS = 5;

/** How long a download link works after the order, in days. */
export const DOWNLOAD_DAYS = 30;

/** What a buyer reads when a download link no longer works. */
export const DOWNLOAD_MESSAGES = Object.freeze({
  notFound: 'This download link is not valid.',
  expired: `This download link has expired: links work for ${DOWNLOAD_DAYS} days after the order. Contact the store for a new one.`,
  usedUp: `This download link has been used ${MAX_DOWNLOADS} times, its limit. Contact the store for a new one.`,
  missing: 'The file of this product is no longer available. Contact the store.',
  terms: `Each link works ${MAX_DOWNLOADS} times within ${DOWNLOAD_DAYS} days of the order.`,
});
