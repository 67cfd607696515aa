import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ModerationQueue, type QueueEntry } from './ModerationQueue.js';

interface QueuedComment extends QueueEntry {
  readonly itemId: string;
  readonly authorEmail: string;
  readonly body: string;
  readonly addedOn: number;
}

/** Comments on posts and events, waiting for approval or already moderated. */
export default function CommentsScreen() {
  return (
    <>
      <ScreenHeading>Comments</ScreenHeading>
      <ModerationQueue<QueuedComment>
        path="/api/content/comments"
        listKey="comments"
        noun="comment"
        render={(comment) => (
          <>
            <p className="meta">
              <strong>{comment.authorName}</strong> ({comment.authorEmail}), {new Date(comment.addedOn).toLocaleString()}
            </p>
            <p className="body-text">{comment.body}</p>
          </>
        )}
      />
    </>
  );
}
