import { table, type FormatterTable, type PredicateTable } from '../../plugin-api';
import { googleCalendarUrl } from './calendar-url';
import { commentCount, commentLink, comments } from './comments';
import { likeButton, socialButton, socialButtonInline } from './share-buttons';
import { socialPredicates } from './social-predicates';
import { activateTwitterLinks, twitterFollowButton } from './twitter';

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
