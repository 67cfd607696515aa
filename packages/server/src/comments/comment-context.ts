import type { DbOrTx } from '../db/index.js';
import { approvedComments } from './comment-repository.js';
import type { PublicComment } from './schemas.js';
import { commentCountText } from './comment-texts.js';
import { acceptsComments, commentStateOf, commentsVisible } from './comment-visibility.js';

/** What an item page needs about comments (template context and Comments island props). */
export interface ItemCommentsContext {
  /** Approved comments, oldest first (empty when the site has comments off). */
  comments: PublicComment[];
  publicCommentCount: number;
  /** 1 when open, 0 when closed. */
  commentState: number;
  /** 'No Comments', '1 Comment' or 'N Comments'. */
  countText: string;
  /** Spec 4 rule: show the comments area. */
  visible: boolean;
  /** Visitors may post. */
  open: boolean;
}

/** The comments context of one item of a site (`structuredContent` of the item row decides commentState). */
export async function itemCommentsContext(
  db: DbOrTx,
  site: { id: string; settings: { commentsEnabled?: boolean } },
  item: { id: string; structuredContent: Readonly<Record<string, unknown>> },
): Promise<ItemCommentsContext> {
  const commentsEnabled = site.settings.commentsEnabled === true;
  const list = commentsEnabled ? await approvedComments(db, site.id, item.id) : [];
  const commentState = commentStateOf(item.structuredContent);
  return {
    comments: list,
    publicCommentCount: list.length,
    commentState,
    countText: commentCountText(list.length),
    visible: commentsVisible({ commentsEnabled, commentState, publicCommentCount: list.length }),
    open: acceptsComments(commentsEnabled, commentState),
  };
}
