import { illustrationUrl } from '../pages/index.js';

/** A blog post of the seed, with its comments; `daysAgo` places it in time. */
export interface PostSeed {
  urlId: string;
  title: string;
  author: string;
  daysAgo: number;
  tags: string[];
  categories: string[];
  assetUrl: string;
  altText: string;
  excerpt: string;
  body: string;
  /** Extra pictures shown under the post (opened in the lightbox); `originalSize` is WIDTHxHEIGHT. */
  images?: { assetUrl: string; altText: string; originalSize: string }[];
  likeCount: number;
  comments: { authorName: string; authorEmail: string; body: string; daysAgo: number }[];
}

/** Journal posts of the Fern & Field shop. */
export const DEMO_POSTS: PostSeed[] = [
  {
    urlId: 'dyeing-with-walnut-hulls',
    title: 'Dyeing with walnut hulls, start to finish',
    author: 'Ana Whitlock',
    daysAgo: 4,
    tags: ['natural dye', 'how-to', 'autumn'],
    categories: ['Studio notes'],
    assetUrl: illustrationUrl('loom', 'clay'),
    altText: 'Skeins of walnut-dyed wool drying on a rack',
    excerpt: '<p>Black walnuts drop all over the lane in October. Here is how we turn a bucket of green hulls into the warmest browns in the shop.</p>',
    body: '<p>Black walnuts drop all over our lane in October, and for years we stepped around them. Then a neighbour mentioned that her grandmother dyed every winter coat with them, and that was that.</p><h2>Gathering</h2><p>Wear gloves. The hulls stain everything they touch, which is exactly the point. We collect them while they are still green and slightly soft, then leave them in a lidded bucket of rainwater for two weeks until the liquid turns the colour of strong coffee.</p><h2>The dye bath</h2><p>Strain the liquid, bring it to a low simmer and add pre-wetted wool. Walnut is substantive, which means it needs no mordant at all. An hour gives a warm tan; leave it overnight as it cools and you will get a deep chocolate.</p><blockquote>Walnut is the most forgiving dye we know. It is hard to get wrong and impossible to get the same twice.</blockquote><p>We will be dyeing with walnut at the December workshop, if you would like to try it with us.</p>',
    likeCount: 38,
    comments: [
      {
        authorName: 'Jess from Kingston',
        authorEmail: 'jess.from.kingston@example.com',
        body: 'Tried this last weekend with hulls from my backyard. The colour is incredible! Does it fade much in sunlight?',
        daysAgo: 3,
      },
      {
        authorName: 'Ana Whitlock',
        authorEmail: 'ana.whitlock@example.com',
        body: 'Walnut is one of the most lightfast natural dyes we use. Ours have hung by a window for two years with barely any change.',
        daysAgo: 2,
      },
    ],
  },
  {
    urlId: 'why-we-wash-our-linen-twice',
    title: 'Why we wash our linen twice before it reaches you',
    author: 'Sam Okafor',
    daysAgo: 12,
    tags: ['linen', 'process'],
    categories: ['Behind the scenes'],
    assetUrl: illustrationUrl('shirt', 'linen'),
    altText: 'A stack of folded linen shirts in oat and sage',
    excerpt: '<p>New linen can feel like paper. A stone wash and a second rinse are the difference between a shirt you tolerate and one you reach for.</p>',
    body: '<p>Linen straight off the loom is stiff, a little shiny and prone to shrinking. That is why every camp shirt we make goes through two washes before it is pressed and folded.</p><p>The first is a stone wash with pumice, which breaks down the surface of the fibres and gives the cloth its soft, slightly matte hand. The second is a plain cool rinse that takes out the last of the dust and sets the size. By the time a shirt reaches you, it has already done all of its shrinking.</p><p>It adds a day to every batch, and it is one of the few steps we will never skip.</p>',
    likeCount: 21,
    comments: [
      {
        authorName: 'Rosa M.',
        authorEmail: 'rosa.m@example.com',
        body: 'Can confirm: my shirt has not changed size after a year of weekly washing.',
        daysAgo: 10,
      },
    ],
  },
  {
    urlId: 'a-visit-to-the-apiary',
    title: 'A morning at the apiary where our candles begin',
    author: 'Ana Whitlock',
    daysAgo: 26,
    tags: ['beeswax', 'makers', 'candles'],
    categories: ['Makers we love'],
    assetUrl: illustrationUrl('landscape', 'sand'),
    altText: 'Rolling fields at sunrise near the apiary',
    excerpt: '<p>Ten miles north of the studio, the Hartmann family keeps sixty hives on a hillside of clover and goldenrod.</p>',
    body: '<p>We met Greta Hartmann at the farmers market four summers ago, when she was selling honey from the back of a station wagon. Today her family looks after sixty hives, and every pound of wax in our tapers comes from their cappings.</p><p>Cappings are the thin wax lids bees build over finished honey. They are the cleanest wax in the hive and they melt down to a pale, almost lemony gold. Greta filters it three times through cotton before it comes to us.</p><p>We left with a jar of goldenrod honey and a renewed respect for anyone who can stay calm with forty thousand bees around their head.</p>',
    images: [
      { assetUrl: illustrationUrl('candle', 'sand'), altText: 'Beeswax tapers cooling on a drying rack', originalSize: '800x800' },
      { assetUrl: illustrationUrl('leaves', 'sage'), altText: 'Clover and goldenrod on the hillside by the hives', originalSize: '800x800' },
      { assetUrl: illustrationUrl('landscape', 'linen'), altText: 'The Hartmann hives at the edge of the meadow', originalSize: '800x800' },
    ],
    likeCount: 45,
    comments: [],
  },
  {
    urlId: 'planning-a-winter-seed-order',
    title: 'Planning a winter seed order (and not buying everything)',
    author: 'Lou Brennan',
    daysAgo: 41,
    tags: ['garden', 'seeds', 'planning'],
    categories: ['Garden'],
    assetUrl: illustrationUrl('plant', 'moss'),
    altText: 'A potted seedling on a sunny windowsill',
    excerpt: '<p>Seed catalogues arrive just as the garden goes quiet, which is a dangerous combination. A few rules we follow.</p>',
    body: '<p>Every January the catalogues arrive and every January we want all of it. Over the years we have settled on three rules that keep the order sensible.</p><p><strong>Grow what you actually cook.</strong> If nobody in the house eats kohlrabi, the most beautiful kohlrabi photo in the world should not change that.</p><p><strong>Count your square feet.</strong> Sketch the beds on paper first. Seeds are cheap; space and time are not.</p><p><strong>Save one slot for something new.</strong> One experimental crop a year keeps the garden interesting. This year, for us, it is Mexican sour gherkins.</p>',
    likeCount: 17,
    comments: [{ authorName: 'Dev P.', authorEmail: 'dev.p@example.com', body: 'Rule one hit home. I still have kohlrabi seeds from 2023.', daysAgo: 39 }],
  },
  {
    urlId: 'studio-hours-this-winter',
    title: 'Studio hours this winter',
    author: 'Sam Okafor',
    daysAgo: 58,
    tags: ['news', 'studio'],
    categories: ['News'],
    assetUrl: illustrationUrl('market', 'sage'),
    altText: 'The Fern & Field market stall with a striped awning',
    excerpt: '<p>From December through March the Warren Street studio is open Thursday to Sunday, 10 to 5.</p>',
    body: '<p>From December through March the Warren Street studio will be open Thursday to Sunday, 10am to 5pm. Online orders ship every Tuesday and Friday as usual.</p><p>If you would like to visit outside those hours, for a fitting or to pick up a large order, just write to us and we will make it work.</p>',
    likeCount: 6,
    comments: [],
  },
];
