import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ModerationQueue, type QueueEntry } from './ModerationQueue.js';

interface QueuedReview extends QueueEntry {
  readonly itemId: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly createdOn: number;
}

/** Product reviews, waiting for approval or already moderated. */
export default function ReviewsScreen() {
  return (
    <>
      <ScreenHeading>Reviews</ScreenHeading>
      <ModerationQueue<QueuedReview>
        path="/api/content/reviews"
        listKey="reviews"
        noun="review"
        render={(review) => (
          <>
            <p className="meta">
              <strong>{review.authorName}</strong>, {new Date(review.createdOn).toLocaleString()}
            </p>
            <p className="rating">
              {review.rating} of 5 stars{review.title ? `: ${review.title}` : ''}
            </p>
            <p className="body-text">{review.body}</p>
          </>
        )}
      />
    </>
  );
}
