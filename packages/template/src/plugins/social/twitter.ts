import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asString, getProp } from '../content/values.js';

const URL_PATTERN = /\b((?:https?|ftp|file):\/\/[-a-z0-9+&@#/%?=~_|!:,.;]*[-a-z0-9+&@#/%=~_|\\])/gi;
const MENTION_PATTERN = /(^| )@(\w+)/g;
const HASHTAG_PATTERN = /(^| )#(\w+)/g;

/**
 * `{text|activate-twitter-links}`: turns URLs, `@user` mentions and `#tag` hashtags in tweet text
 * into links opening in a new window.
 */
export const activateTwitterLinks: Formatter = mapFormatter((value) =>
  asString(value)
    .replace(URL_PATTERN, (url: string) => `<a target="new" href="${url}">${url}</a>`)
    .replace(MENTION_PATTERN, (_m, lead: string, user: string) => `${lead}<a target="new" href="https://twitter.com/${user}/">@${user}</a>`)
    .replace(
      HASHTAG_PATTERN,
      (_m, lead: string, tag: string) => `${lead}<a target="new" href="https://twitter.com/hashtag/${escape(tag)}?src=hash">#${tag}</a>`,
    ),
);

/** `{account|twitter-follow-button}`: the follow button for the account's `userName` (else the last part of `profileUrl`). */
export const twitterFollowButton: Formatter = mapFormatter((account) => {
  let userName = asString(getProp(account, 'userName'));
  if (userName === '') userName = asString(getProp(account, 'profileUrl')).split('/').pop() ?? '';
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { " +
    "Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });" +
    `</script><div class="squarespace-follow-button" data-username="${userName}"></div>`
  );
});
