/** Spec 8 (Template and tracking): the texts the collector logs or rejects with, exactly as written. */
export const TrackingMessages = Object.freeze({
  NO_PAYLOAD: 'no payload',
  UNABLE_TO_STORE_ANALYTICS_ID: 'Unable to store analyticsId',
  /** Logged when a tracking call answers anything but 200 or 202. */
  httpStatus: (code: number) => `Error tracking event: HTTP Status ${code}`,
});
