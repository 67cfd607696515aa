import { table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { googleCalendarUrl } from './calendar-url.js';
import { commentCount, commentLink, comments } from './comments.js';
import { likeButton, socialButton, socialButtonInline } from './share-buttons.js';
import { socialPredicates } from './social-predicates.js';
import { activateTwitterLinks, twitterFollowButton } from './twitter.js';

/** The social formatter family. */
export const formatters: FormatterTable = table({
  'activate-twitter-links': activateTwitterLinks,
  'comment-count': commentCount,
  'comment-link': commentLink,
  comments,
  'google-calendar-url': googleCalendarUrl,
  'like-button': likeButton,
  'social-button': socialButton,
  'social-button-inline': socialButtonInline,
  'twitter-follow-button': twitterFollowButton,
});

/** The social predicate family. */
export const predicates: PredicateTable = table({ ...socialPredicates });
