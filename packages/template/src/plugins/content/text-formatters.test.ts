import { describe, expect, it } from 'vitest';
import { formatContent as format } from './test-format.js';

describe('text formatters', () => {
  it('prefixes the base url', () => {
    expect(format('AbsUrl', 'blog/a', [], [{ 'base-url': 'https://example.com/p' }])).toBe('https://example.com/p/blog/a');
  });
  it('upper-cases', () => {
    expect(format('capitalize', 'Coffee')).toBe('COFFEE');
  });
  it('humanizes durations', () => {
    expect(format('humanizeDuration', 125000)).toBe('2:05');
    expect(format('humanizeDuration', 3599999)).toBe('59:59');
    expect(format('humanizeDuration', 999)).toBe('0:00');
  });
  it('renders the audio player from the item alone', () => {
    const item = { id: 'i1', structuredContent: { audioAssetUrl: 'http://e.com/a.mp3' } };
    expect(format('audio-player', item, [], [{ id: 'outer' }])).toBe(
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
        '<div class="squarespace-audio-player" data-audio-asset-url="http://e.com/a.mp3" data-item-id="i1" id="audio-player-i1"></div>',
    );
  });
});
