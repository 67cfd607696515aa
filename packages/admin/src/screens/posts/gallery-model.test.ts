import { describe, expect, it } from 'vitest';
import { canMove, draftNote, type GalleryItem, imageAction, movedMessage, statusLine } from './gallery-model.js';

const image = (status: GalleryItem['status'], draft: GalleryItem['draft']): GalleryItem => ({
  id: 'i1',
  urlId: 'weld',
  fullUrl: '/studio/weld',
  title: 'Weld',
  status,
  publishOn: '2026-01-01T00:00:00.000Z',
  version: 1,
  displayIndex: 0,
  authorName: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
  draft,
});

describe('the gallery panel’s images (decision 0055)', () => {
  it('offers Keep for a drafted removal, Discard upload for a drafted upload and Remove otherwise, and says what the draft does', () => {
    const removed = image('published', { title: 'Weld', status: 'published', version: 2, removed: true });
    const added = image('draft', { title: 'Weld', status: 'published', version: 1 });
    const moved = image('published', { title: 'Weld', status: 'published', version: 1, displayIndex: 3 });
    expect([imageAction(removed), draftNote(removed)]).toEqual(['keep', 'Removed when you publish']);
    expect([imageAction(added), draftNote(added)]).toEqual(['discard-upload', 'New: shown when you publish']);
    expect([imageAction(moved), draftNote(moved)]).toEqual(['remove', 'Changed: not published yet']);
    expect([imageAction(image('published', null)), draftNote(image('published', null))]).toEqual(['remove', undefined]);
    expect([statusLine(removed), statusLine(added), statusLine(image('published', null))]).toEqual([
      'Published · Removed when you publish',
      'New: shown when you publish',
      'Published',
    ]);
    // A Draft image with no draft is no upload waiting to be published: it is removed at once.
    expect(imageAction(image('draft', null))).toBe('remove');
  });

  it('moves an image across the edges of its page, but not past the first or last image of the gallery', () => {
    const secondPage = { offset: 25, hasNextPage: true };
    expect(canMove(0, 25, secondPage, -1)).toBe(true);
    expect(canMove(24, 25, secondPage, 1)).toBe(true);
    expect(canMove(0, 25, { offset: 0, hasNextPage: true }, -1)).toBe(false);
    expect(canMove(9, 10, { offset: 50, hasNextPage: false }, 1)).toBe(false);
    expect(canMove(8, 10, { offset: 50, hasNextPage: false }, 1)).toBe(true);
  });

  it('tells where a moved image went, naming its page when it left this one', () => {
    const secondPage = { offset: 25, hasNextPage: true };
    expect(movedMessage('Weld', { position: 27, count: 60 }, secondPage)).toBe('“Weld” is now image 27 of 60.');
    expect(movedMessage('Weld', { position: 25, count: 60 }, secondPage)).toBe('“Weld” is now image 25 of 60, on page 1.');
  });
});
