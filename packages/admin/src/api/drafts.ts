import { invalidate } from './query-cache.js';

/** The site's drafts (packages/server/src/drafts/routes.ts): what the next publish makes live. */
export const DRAFTS_PATH = '/api/owner/drafts';

/** After a screen saved a draft: the count of unpublished changes in the header is read again. */
export function draftsChanged(): void {
  invalidate(DRAFTS_PATH);
}
