import { describe, expect, it } from 'vitest';
import { linkProblem } from './links.js';
import { SiteLayoutMessages as M } from './messages.js';

// Spec 5 "Image component and editor", messages: the forms a link must take.
describe('linkProblem', () => {
  it.each([
    '/shop',
    '/shop/linen-camp-shirt?colour=sand#size',
    'https://example.com',
    'http://fern.example.co.uk/a?b=c',
    'mailto:studio@fern.example',
    'mailto:a@b.co?subject=Hello',
  ])('takes %s', (link) => {
    expect(linkProblem(link)).toBeUndefined();
  });

  it.each([
    ['mailto:studio', M.emailForm],
    ['mailto:%E0%A4%A', M.emailForm],
    ['https://', M.linkForm],
    ['https://localhost.', M.linkForm],
    ['http://fern field.com', M.linkForm],
    ['/our story', M.notAPageUrl('/our story')],
    ['//evil.example', M.notAPageUrl('//evil.example')],
    ['/a"onmouseover="x', M.notAPageUrl('/a"onmouseover="x')],
    ['javascript:alert(1)', M.BAD_LINK],
    ['ftp://example.com', M.BAD_LINK],
  ])('refuses %s', (link, message) => {
    expect(linkProblem(link)).toBe(message);
  });

  it('says the messages as spec 5 words them', () => {
    expect(M.emailForm).toMatch(/^Emails must be formatted as \S+$/);
    expect(M.linkForm).toMatch(/^Links must be formatted as \S+ or \S+$/);
    expect(M.notAPageUrl('/x y')).toBe('/x y is not a valid page URL');
  });
});
