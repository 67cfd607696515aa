import { describe, expect, it } from 'vitest';
import { subjectLabel } from './subject-labels.js';

describe('subject labels', () => {
  const pages = [{ id: 'a1', title: 'About' }];
  it.each([
    ['settings.navigation', 'Navigation'],
    ['settings.headerFooter', 'Header & footer'],
    ['settings.themeTweaks', 'Site styles'],
    ['settings.blockFields', 'Shared blocks'],
    ['settings.pageLayouts', 'Page layouts'],
    ['settings.siteIcons', 'Favicon & social image'],
    ['settings.socialAccounts', 'Social accounts'],
    ['settings.cookieBanner', 'Cookie banner'],
    ['collection:a1', 'Page: About'],
    ['collection:gone', 'A page since deleted'],
  ])('%s is called %s', (subject, label) => {
    expect(subjectLabel(subject, pages)).toBe(label);
  });
  it('names a post by the title of its draft', () => {
    expect(subjectLabel('item:p1', pages, { title: 'Indigo notes', status: 'published' })).toBe('Post: Indigo notes');
    expect(subjectLabel('item:p1', pages)).toBe('A post');
  });
});
