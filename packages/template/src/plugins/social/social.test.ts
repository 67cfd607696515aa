import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter, runPredicate } from '../content/fake-context.js';
import { formatters, predicates } from './index.js';

function format(name: string, value: unknown, args: string[] = [], outer: unknown[] = []) {
  const formatter = formatters[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  return runFormatter(formatter, value, args, fakeContext({ stack: [...outer, value] }));
}

const item = { id: 'i1', fullUrl: 'http://e.com/bar' };

describe('comment formatters', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [10, '10 Comments'],
  ])('counts %i comments', (count, text) => {
    expect(format('comment-count', { publicCommentCount: count })).toBe(text);
  });

  it('links to Disqus comments when the site has a Disqus short name', () => {
    const root = { websiteSettings: { disqusShortname: 'abc' } };
    expect(String(format('comment-link', item, [], [root])).trim()).toBe(
      '<a href="http://e.com/bar" class="sqs-comment-link sqs-disqus-comment-link" data-id="i1"></a>',
    );
  });

  it('links to native comments spelling out the count', () => {
    const link = (count: unknown) => String(format('comment-link', { ...item, publicCommentCount: count })).trim();
    expect(link(1)).toBe('<a href="http://e.com/bar#comments-i1" class="sqs-comment-link" data-id="i1">\n  1\n  Comment\n  </a>');
    expect(link(20)).toContain('\n  20\n  Comments\n');
    expect(link(0)).toContain('\n  No\n  Comments\n');
  });

  it('renders the comments area for Disqus, an item or a collection', () => {
    const root = { websiteSettings: { disqusShortname: 'abc' } };
    expect(String(format('comments', item, [], [root])).trim()).toBe('<div class="squarespace-comments" id="disqus_thread"></div>');
    const own = { id: 'i1', publicCommentCount: 0, commentState: 1 };
    expect(String(format('comments', own, [], [{ item: own }])).trim()).toBe(
      '<div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="0" data-comment-state="1"></div>',
    );
    expect(String(format('comments', own, [], [{ collection: own }])).trim()).toBe(
      '<div class="squarespace-comments" id="comments-i1" data-collection-id="i1" data-public-comment-count="0" data-comment-state="1"></div>',
    );
  });
});

describe('buttons', () => {
  it('renders the like button only with simple liking enabled', () => {
    const liked = { id: 'i1', likeCount: 123 };
    expect(String(format('like-button', liked, [], [{ websiteSettings: { simpleLikingEnabled: true } }])).trim()).toBe(
      '<span class="sqs-simple-like" data-item-id="i1" data-like-count="123">\n' +
        '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>',
    );
    expect(format('like-button', liked)).toBe('');
  });

  const post = {
    website: { shareButtonOptions: ['foo'] },
    mainImageId: 'm1',
    mainImage: { assetUrl: 'http://foo.com/bar.jpg' },
    recordType: 1,
    title: 'foo "image"',
    fullUrl: 'http://full.com/url',
  };
  it('renders share buttons in block and inline style', () => {
    expect(format('social-button', post)).toBe(
      '<div class="squarespace-social-buttons button-style" data-system-data-id="m1" data-asset-url="http://foo.com/bar.jpg" ' +
        'data-record-type="1" data-full-url="http://full.com/url" data-title="foo &quot;image&quot;"></div>',
    );
    expect(format('social-button-inline', { ...post, systemDataId: 's1', assetUrl: '/own.jpg' })).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="s1" data-asset-url="/own.jpg" ' +
        'data-record-type="1" data-full-url="http://full.com/url" data-title="foo &quot;image&quot;"></span>',
    );
  });
  it('renders no share buttons without share options', () => {
    expect(format('social-button', { ...post, website: { shareButtonOptions: [] } })).toBe('');
    expect(format('social-button', { title: 'x' })).toBe('');
  });

  it('renders the Twitter follow button from the user name or profile url', () => {
    const script =
      "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";
    expect(format('twitter-follow-button', { userName: 'foobar' })).toBe(`${script}<div class="squarespace-follow-button" data-username="foobar"></div>`);
    expect(format('twitter-follow-button', { userName: '', profileUrl: 'http://twitter.com/baz' })).toBe(
      `${script}<div class="squarespace-follow-button" data-username="baz"></div>`,
    );
  });
});

describe('activate-twitter-links', () => {
  it('links mentions, hashtags and urls', () => {
    expect(format('activate-twitter-links', 'link @FooBar the #Foo to the #Bar')).toBe(
      'link <a target="new" href="https://twitter.com/FooBar/">@FooBar</a> the ' +
        '<a target="new" href="https://twitter.com/hashtag/Foo?src=hash">#Foo</a> to the ' +
        '<a target="new" href="https://twitter.com/hashtag/Bar?src=hash">#Bar</a>',
    );
    expect(format('activate-twitter-links', 'see https://x.com/a?b=1.')).toBe('see <a target="new" href="https://x.com/a?b=1">https://x.com/a?b=1</a>.');
    expect(format('activate-twitter-links', 'mail a@b.c')).toBe('mail a@b.c');
  });
});

describe('google-calendar-url', () => {
  const event = { startDate: 1384518630000, endDate: 1384518716400 };
  const base = 'http://www.google.com/calendar/event?action=TEMPLATE&text=&dates=20131115T123030Z/20131115T123156Z';
  it('encodes dates in UTC and the address', () => {
    expect(
      format('google-calendar-url', {
        ...event,
        location: { addressLine1: '123 Main St.', addressLine2: 'Apt 5', addressCountry: 'US' },
      }),
    ).toBe(`${base}&location=123%20Main%20St.%2C%20Apt%205%2C%20US`);
    expect(format('google-calendar-url', event)).toBe(base);
    expect(format('google-calendar-url', { ...event, location: { address1: '' } })).toBe(base);
  });
  it('records an error and outputs nothing for an invalid date', () => {
    const ctx = fakeContext({ stack: [{ startDate: 'soon', endDate: 0 }] });
    const formatter = formatters['google-calendar-url'];
    if (!formatter) throw new Error('not registered');
    expect(runFormatter(formatter, { startDate: 'soon', endDate: 0 }, [], ctx)).toBeUndefined();
    expect(ctx.errors).toEqual(['Invalid date.']);
  });
  it('escapes the title', () => {
    expect(format('google-calendar-url', { ...event, title: 'A & B' })).toContain('&text=A%20%26%20B&');
  });
});

describe('social predicates', () => {
  const check = (name: string, node: unknown, outer: unknown[] = []) => runPredicate(predicates[name], node, [], outer);
  it('shows comments when open or already commented, unless the site disables them', () => {
    expect(check('comments?', { websiteSettings: { commentsEnabled: true }, publicCommentCount: 20, commentState: 2 })).toBe(true);
    expect(check('comments?', { websiteSettings: { commentsEnabled: false }, commentState: 1 })).toBe(false);
    expect(check('comments?', { commentState: 0 })).toBe(false);
    expect(check('comments?', { commentState: 1, publicCommentCount: 0 })).toBe(true);
  });
  it('detects Disqus', () => {
    expect(check('disqus?', { websiteSettings: { disqusShortName: 'abc' } })).toBe(true);
    expect(check('disqus?', { websiteSettings: { disqusShortName: '' } })).toBe(false);
    expect(check('disqus?', {}, [{ websiteSettings: {} }])).toBe(false);
  });
});
