import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const IMAGES = [
  { src: '/a.jpg', alt: 'A red mug', width: 800, height: 600, title: 'Mug', description: 'Red' },
  { src: '/b.jpg', alt: 'A blue bowl', width: 600, height: 900 },
  { src: '', alt: 'empty', mediaType: 'imageEmpty' as const },
];

describe('content islands SSR', () => {
  it('Lightbox renders labelled thumbnail buttons and no dialog until opened', () => {
    const html = renderIsland('Lightbox', { images: IMAGES.slice(0, 2), theme: 'light' });
    expect(html).toContain('aria-label="Open image 1 of 2: A red mug"');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).not.toContain('role="dialog"');
  });

  it.each(['grid', 'slider', 'stacked', 'slideshow'])('Gallery renders the %s design with the shown items', (design) => {
    const html = renderIsland('Gallery', { items: IMAGES, options: { design, controls: true, autoplay: true } });
    expect(html).toContain(`content-gallery--${design}`);
    expect(html).toContain('/a.jpg');
    expect(html).not.toContain('alt="empty"');
  });

  it('Gallery grid uses thumbnails-per-row columns, padding and lightbox buttons', () => {
    const html = renderIsland('Gallery', { items: IMAGES, options: { design: 'grid', 'thumbnails-per-row': 3, padding: 10, lightbox: true } });
    expect(html).toContain('grid-template-columns:repeat(3, minmax(0, 1fr))');
    expect(html).toContain('gap:10px');
    expect(html).toContain('aria-label="Open A red mug"');
  });

  it('Gallery slideshow shows one slide, a pause button when autoplaying and thumbnails when asked', () => {
    const html = renderIsland('Gallery', { items: IMAGES, options: { design: 'slideshow', autoplay: true, thumbnails: true, 'show-meta': true } });
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(2);
    expect(html.match(/hidden=""/g)).toHaveLength(1);
    expect(html).toContain('Pause slideshow');
    expect(html).toContain('Show slide 2');
    expect(html).toContain('content-gallery__meta-title');
  });

  it('Comments shows the count, approved comments and the form when open', () => {
    const html = renderIsland('Comments', {
      itemId: 'i1',
      commentsEnabled: true,
      commentState: 1,
      comments: [{ id: 'c1', authorName: 'Ada', body: '<b>hi</b>', addedOn: Date.UTC(2026, 0, 2) }],
    });
    expect(html).toContain('>1 Comment</h2>');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(html).toContain('January 2, 2026');
    expect(html).toMatch(/<label for="([^"]+-email)">Email \(not shown\)<\/label><input type="email"[^>]*id="\1"/);
    expect(html).toContain('Post Comment');
  });

  it('Comments shows relative times when given the render time (stable between server and browser)', () => {
    const html = renderIsland('Comments', {
      itemId: 'i1',
      commentsEnabled: true,
      commentState: 0,
      renderedAt: Date.UTC(2026, 0, 3),
      comments: [{ id: 'c1', authorName: 'Ada', body: 'hi', addedOn: Date.UTC(2026, 0, 2) }],
    });
    expect(html).toContain('about a day ago');
    expect(html).toContain('title="January 2, 2026"');
  });

  it('Gallery gives images without alt text their title', () => {
    const html = renderIsland('Gallery', { items: [{ src: '/x.jpg', alt: '', title: 'Harbour at dusk' }], options: { design: 'stacked' } });
    expect(html).toContain('alt="Harbour at dusk"');
  });

  it('Comments renders nothing when comments are off, and no form when closed', () => {
    expect(renderIsland('Comments', { itemId: 'i', commentsEnabled: false, commentState: 1, comments: [] })).toBe(
      '<div data-island="Comments" data-props="{&quot;itemId&quot;:&quot;i&quot;,&quot;commentsEnabled&quot;:false,&quot;commentState&quot;:1,&quot;comments&quot;:[]}"></div>',
    );
    const closed = renderIsland('Comments', {
      itemId: 'i',
      commentsEnabled: true,
      commentState: 0,
      comments: [{ id: 'c', authorName: 'A', body: 'b', addedOn: 0 }],
    });
    expect(closed).toContain('1 Comment');
    expect(closed).not.toContain('<form');
    expect(renderIsland('Comments', { itemId: 'i', commentsEnabled: true, commentState: 0, comments: [] })).not.toContain('<section');
  });

  it('LikeButton is a toggle showing the count', () => {
    const html = renderIsland('LikeButton', { itemId: 'i', likeCount: 3 });
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('(3 likes)');
  });

  it('ShareButtons are plain links that say they open a new window, with no script', () => {
    const html = renderIsland('ShareButtons', { url: 'https://x.example/p', title: 'P', networks: ['facebook', 'email'] });
    expect(html).toContain('href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.example%2Fp"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('(opens in a new window)');
    expect(html).toContain('href="mailto:?subject=P&amp;body=https%3A%2F%2Fx.example%2Fp"');
    expect(html).not.toContain('<script');
  });

  it('Reviews shows the aggregate rating, the reviews and a 1-5 rating radio group', () => {
    const html = renderIsland('Reviews', {
      itemId: 'p',
      aggregateRating: { ratingValue: 4.3, reviewCount: 3 },
      reviews: [{ id: 'r', authorName: 'Lin', rating: 4, title: 'Good', body: 'Nice', createdOn: 0 }],
    });
    expect(html).toContain('4.3 out of 5 stars from 3 reviews');
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toContain('<legend>Rating</legend>');
    expect(html).toContain('4 out of 5 stars');
  });
});
