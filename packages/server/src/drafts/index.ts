/** Drafts, publishing as releases, history and restore, and the editor's preview. */
import type { Db } from '../db/index.js';
import { PREVIEW_COOKIE, readPreviewToken } from './preview-token.js';
import { draftValues } from './repository.js';

export { registerDraftRoutes, DraftPaths } from './routes.js';
export { workScheduledPublishes, schedulePublish, SCHEDULED_PUBLISH_JOB } from './scheduled-publish.js';
export { DraftMessages, DRAFTED_SETTINGS, MAX_BLOCKS, siteWithDrafts, collectionWithDraft, headerFooterWithTitle, type DraftedSetting } from './subjects.js';
export { PREVIEW_COOKIE, PREVIEW_TOKEN_TTL_MS, issuePreviewToken } from './preview-token.js';
export { provideItemDrafting, previewItem, previewListing, previewMovedUrlId, type ItemDrafting, type PreviewOrder } from './item-drafting.js';
export { publishDrafts, saveDraft, findDraft, discardDraft, draftValues, listDrafts, draftSetting, editedSetting, type EditedSetting } from './repository.js';

/**
 * The drafts a page request should render: those of `websiteId` when the request carries a
 * genuine, unexpired preview cookie for that site; undefined for every visitor.
 */
export async function previewDrafts(
  db: Db,
  secret: () => Promise<Buffer>,
  websiteId: string,
  cookies: Readonly<Record<string, string | undefined>>,
): Promise<Map<string, unknown> | undefined> {
  const token = cookies[PREVIEW_COOKIE];
  if (!token || !readPreviewToken(await secret(), token, websiteId)) return undefined;
  return draftValues(db, websiteId);
}
export { fieldBlocksFor, pageBlocksFor, previewSelectTag } from './preview-select.js';
export { PREVIEW_BLOCK_ATTRIBUTE, PreviewMessage } from './preview-messages.js';
