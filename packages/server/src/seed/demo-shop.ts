import type { DbOrTx } from '../db/types.js';
import { illustrationUrl } from '../pages/index.js';
import { CollectionType, RecordType } from '../spec/index.js';
import { saveSiteUserSettings } from '../site-users/index.js';
import { createWebsite, updateWebsiteSettings } from '../sites/index.js';
import { contactForm, NEWSLETTER_FORM, WORKSHOP_FORM } from './demo-forms.js';
import { DEMO_POSTS } from './demo-posts.js';
import { demoProducts } from './demo-products.js';
import { seedPosts } from './seed-posts.js';
import { daysAhead, SeedWriter } from './seed-writer.js';

/** Identifier of the demo shop. */
export const DEMO_SHOP_IDENTIFIER = 'demo';

const GALLERY: [string, string, string][] = [
  ['loom', 'sage', 'Warp threads on the floor loom'],
  ['plant', 'moss', 'Weld seedlings in the dye garden'],
  ['mug', 'clay', 'Mugs drying before the bisque firing'],
  ['landscape', 'dusk', 'Dusk over the field behind the studio'],
  ['candle', 'berry', 'Dipping day: tapers on the rack'],
  ['tote', 'sand', 'Totes waiting for their wax dressing'],
  ['leaves', 'sage', 'Fern fronds pressed for a print'],
  ['market', 'clay', 'Our stall at the Saturday market'],
];

/** Creates the Fern & Field shop: store, journal, events, studio gallery, forms, pages, navigation. */
export async function seedDemoShop(db: DbOrTx, now: Date): Promise<string> {
  const site = await createWebsite(db, {
    identifier: DEMO_SHOP_IDENTIFIER,
    title: 'Fern & Field',
    description: 'Small-batch linen, ceramics and natural-dye goods, made slowly in Hudson, New York.',
    settings: {
      timeZone: 'America/New_York',
      currency: 'USD',
      locale: 'en-US',
      commentsEnabled: true,
      simpleLikingEnabled: true,
      useCLDRMoneyFormat: true,
      commerce: { storeName: 'Fern & Field', multipleQuantityAllowedForServices: true, testMode: true },
    },
  });
  const w = new SeedWriter(db, site.id);
  const newsletterId = await w.form(NEWSLETTER_FORM);
  const contactId = await w.form(contactForm(['An order', 'Workshops', 'Wholesale', 'Something else']));
  const workshopFormId = await w.form(WORKSHOP_FORM);

  const shop = await w.collection({
    type: CollectionType.PRODUCTS,
    urlId: 'shop',
    title: 'Shop',
    description: '<p>Linen, ceramics, candles and kits, made in small batches in our Hudson studio and by a few friends nearby.</p>',
    displayIndex: 1,
    settings: { categories: ['Apparel', 'Home', 'Gifts', 'Workshops'], pageSize: 12 },
  });
  for (const [i, product] of demoProducts(workshopFormId, now).entries()) await w.product(shop, { ...product, displayIndex: i });

  const journal = await w.collection({
    type: CollectionType.GENERIC,
    urlId: 'journal',
    title: 'Journal',
    description: '<p>Notes from the studio, the dye garden and the people we make things with.</p>',
    displayIndex: 2,
    settings: { kind: 'blog', pageSize: 4 },
  });
  await seedPosts(w, journal, DEMO_POSTS, now);

  const events = await w.collection({
    type: CollectionType.GENERIC,
    urlId: 'events',
    title: 'Workshops & Events',
    navigationTitle: 'Events',
    description: '<p>Come and make something with us, or find us at the market.</p>',
    displayIndex: 3,
    settings: { kind: 'events' },
  });
  await w.item(events, {
    recordType: RecordType.EVENT,
    urlId: 'holiday-market-open-studio',
    title: 'Holiday Market & Open Studio',
    excerpt: '<p>Mulled cider, seconds sale and demonstrations at the wheel all afternoon.</p>',
    body: '<p>Once a year we push the looms against the wall and open the whole studio. Expect a seconds table, mulled cider, throwing demonstrations every hour and a few friends from the market selling alongside us.</p><p>Free entry, no booking needed. The studio is step-free from the Warren Street entrance.</p>',
    tags: ['market', 'studio'],
    assetUrl: illustrationUrl('market', 'berry'),
    structuredContent: {
      altText: 'Striped market awning over tables of ceramics',
      startDate: daysAhead(now, 18, 16),
      endDate: daysAhead(now, 18, 22),
      location: {
        addressTitle: 'Fern & Field Studio',
        addressLine1: '214 Warren Street',
        addressLine2: 'Hudson, NY 12534',
        addressCountry: 'US',
        mapLat: 42.2529,
        mapLng: -73.791,
      },
    },
  });
  await w.item(events, {
    recordType: RecordType.EVENT,
    urlId: 'indigo-evening',
    title: 'Indigo Evening: Shibori Basics',
    excerpt: '<p>A two-hour evening class folding, binding and dipping cotton napkins in a living indigo vat.</p>',
    body: '<p>Learn three classic shibori resist techniques and leave with a set of four napkins. Aprons, gloves and snacks are provided; wear clothes you do not mind turning blue.</p><p>Tickets are available in the shop under Workshops.</p>',
    tags: ['workshop', 'indigo'],
    assetUrl: illustrationUrl('loom', 'ocean'),
    structuredContent: {
      altText: 'Indigo-dyed cloth with white shibori patterns',
      startDate: daysAhead(now, 32, 23),
      endDate: daysAhead(now, 33, 1),
      location: {
        addressTitle: 'Fern & Field Studio',
        addressLine1: '214 Warren Street',
        addressLine2: 'Hudson, NY 12534',
        addressCountry: 'US',
        mapLat: 42.2529,
        mapLng: -73.791,
      },
    },
  });

  const gallery = await w.collection({
    type: CollectionType.GALLERY_BLOCK,
    urlId: 'studio',
    title: 'The Studio',
    navigationTitle: 'Studio',
    description: '<p>A look around the workshop on Warren Street.</p>',
    displayIndex: 4,
    settings: { gallery: { 'show-meta': true, 'show-meta-only-title': true } },
  });
  for (const [i, [motif, palette, caption]] of GALLERY.entries()) {
    await w.item(gallery, {
      recordType: RecordType.IMAGE,
      urlId: `studio-${i + 1}`,
      title: caption,
      assetUrl: illustrationUrl(motif, palette),
      displayIndex: i,
      structuredContent: { altText: caption, originalSize: '800x800' },
    });
  }

  await w.collection({
    type: CollectionType.PAGE,
    urlId: 'home',
    title: 'Home',
    isHomepage: true,
    displayIndex: 0,
    settings: {
      blocks: [
        {
          typeName: 'hero',
          eyebrow: 'New for autumn',
          title: 'Made slowly, made to last.',
          text: 'Linen, stoneware and natural-dye goods from a small studio in the Hudson Valley. Every piece is cut, thrown or dipped by hand.',
          buttonText: 'Shop the collection',
          buttonUrl: '/shop',
          assetUrl: illustrationUrl('market', 'sage'),
          altText: 'Our market stall under a striped awning',
        },
        { typeName: 'summary', title: 'New in the shop', collectionId: shop, limit: 4, linkText: 'Shop all' },
        { typeName: 'quote', text: 'We would rather make fifty things well than five thousand things quickly.', source: 'Ana & Sam, founders' },
        { typeName: 'summary', title: 'From the journal', collectionId: journal, limit: 3, linkText: 'Read the journal' },
        {
          typeName: 'newsletter',
          title: 'Letters from the studio',
          description: 'New batches, workshop dates and the occasional recipe. Once a month, never more.',
          formId: newsletterId,
        },
      ],
    },
  });

  const about = await w.collection({
    type: CollectionType.PAGE,
    urlId: 'about',
    title: 'About',
    displayIndex: 5,
    settings: {
      blocks: [
        {
          typeName: 'html',
          title: 'About Fern & Field',
          html: '<p>Fern &amp; Field began in 2019 as a market stall with six shirts and a crate of mugs. Today we are a team of four working out of an old feed store on Warren Street in Hudson, New York.</p><h2>How we work</h2><p>We make most things ourselves and buy the rest from people we know by name: flax from a mill in Belgium, wax from the Hartmann apiary, clay from a family yard in Pennsylvania. We make small batches, sell out often and restock when the work is ready.</p><h2>Visit</h2><p>The studio is open Thursday to Sunday, 10am to 5pm. Come and say hello.</p>',
        },
        {
          typeName: 'image',
          assetUrl: illustrationUrl('landscape', 'sage'),
          width: 1600,
          height: 900,
          sizes: '(min-width: 75em) 1140px, 100vw',
          altText: 'The hills behind the studio at sunrise',
          caption: 'The view from the back door.',
        },
      ],
    },
  });

  const contact = await w.collection({
    type: CollectionType.PAGE,
    urlId: 'contact',
    title: 'Contact',
    displayIndex: 6,
    settings: {
      blocks: [
        {
          typeName: 'html',
          title: 'Get in touch',
          html: '<p>Questions about an order, a wholesale enquiry or just want to say hello? Use the form below, email <a href="mailto:hello@fernandfield.example">hello@fernandfield.example</a> or call (518) 555-0142, Thursday to Sunday.</p>',
        },
        { typeName: 'form', title: 'Send us a message', description: 'We reply within two working days.', formId: contactId },
        { typeName: 'newsletter', title: 'Stay in the loop', description: 'One letter a month with new batches and workshop dates.', formId: newsletterId },
      ],
    },
  });

  await updateWebsiteSettings(db, site.id, {
    navigation: {
      mainNavigation: {
        items: [
          { collectionId: shop },
          { collectionId: journal },
          { collectionId: events },
          { collectionId: gallery },
          { collectionId: about },
          { collectionId: contact },
        ],
      },
      footerNavigation: {
        items: [
          { collectionId: shop },
          { collectionId: journal },
          { collectionId: events },
          { collectionId: contact },
          { externalLink: '/search', title: 'Search' },
        ],
      },
    },
    headerFooter: {
      header: { tagline: 'Goods for slow living', announcement: 'Free shipping on orders over $75 · Hand-packed in Hudson, NY' },
      footer: {
        text: 'Small-batch linen, ceramics and natural-dye goods, made slowly in the Hudson Valley.',
        address: '214 Warren Street\nHudson, NY 12534',
        email: 'hello@fernandfield.example',
        newsletter: { title: 'Letters from the studio', description: 'New batches and workshop dates, once a month.', formId: newsletterId },
        legal: 'Prices in US dollars.',
      },
    },
  });
  await saveSiteUserSettings(db, site.id, { accountsEnabled: true });
  return site.id;
}
