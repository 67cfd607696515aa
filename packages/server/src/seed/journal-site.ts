import type { DbOrTx } from '../db/types.js';
import { illustrationUrl } from '../pages/index.js';
import { CollectionType, RecordType } from '../spec/index.js';
import { createWebsite, updateWebsiteSettings } from '../sites/index.js';
import { contactForm, NEWSLETTER_FORM } from './demo-forms.js';
import { JOURNAL_POSTS } from './journal-posts.js';
import { seedPosts } from './seed-posts.js';
import { daysAhead, SeedWriter } from './seed-writer.js';

/** Identifier of the content-only demo site. */
export const JOURNAL_IDENTIFIER = 'journal';

const PHOTOS: [string, string, string][] = [
  ['landscape', 'ocean', 'Morning fog on the reservoir'],
  ['leaves', 'moss', 'Ferns after rain'],
  ['landscape', 'sand', 'Late light on the hayfields'],
  ['plant', 'dusk', 'A windowsill cutting in winter'],
  ['leaves', 'clay', 'Oak leaves in the gutter'],
  ['landscape', 'berry', 'Sunset from the fire tower'],
];

/** Creates Northbound Notes: a writing site with a blog, a reading event, photos and a contact page. */
export async function seedJournalSite(db: DbOrTx, now: Date): Promise<string> {
  const site = await createWebsite(db, {
    identifier: JOURNAL_IDENTIFIER,
    title: 'Northbound Notes',
    description: 'Essays and field notes on walking, rivers and paying attention, by Clara Vance and Jonah Pike.',
    settings: { timeZone: 'America/New_York', locale: 'en-US', currency: 'USD', commentsEnabled: true, simpleLikingEnabled: true },
  });
  const w = new SeedWriter(db, site.id);
  const newsletterId = await w.form({ ...NEWSLETTER_FORM, submissionMessage: 'Thank you! The next dispatch is on its way.' });
  const contactId = await w.form(contactForm(['A post', 'Speaking or readings', 'Something else']));

  const notes = await w.collection({
    type: CollectionType.GENERIC,
    urlId: 'notes',
    title: 'Notes',
    description: '<p>Essays, walks and field guides.</p>',
    displayIndex: 1,
    settings: { kind: 'blog', pageSize: 3 },
  });
  await seedPosts(w, notes, JOURNAL_POSTS, now);

  const readings = await w.collection({ type: CollectionType.GENERIC, urlId: 'readings', title: 'Readings', displayIndex: 2, settings: { kind: 'events' } });
  await w.item(readings, {
    recordType: RecordType.EVENT,
    urlId: 'winter-reading-at-oblong-books',
    title: 'Winter Reading at Oblong Books',
    excerpt: '<p>Clara reads from the new collection, followed by a conversation and signing.</p>',
    body: '<p>Join us for an evening of short readings from <em>Northbound</em>, a conversation about writing outdoors in the cold months, and a signing. Free, with cider.</p>',
    tags: ['reading'],
    assetUrl: illustrationUrl('leaves', 'dusk'),
    structuredContent: {
      altText: 'Leaves on a dusk-blue background',
      startDate: daysAhead(now, 25, 23),
      endDate: daysAhead(now, 26, 1),
      location: {
        addressTitle: 'Oblong Books',
        addressLine1: '6422 Montgomery Street',
        addressLine2: 'Rhinebeck, NY 12572',
        addressCountry: 'US',
        mapLat: 41.927,
        mapLng: -73.912,
      },
    },
  });

  const photos = await w.collection({
    type: CollectionType.GALLERY_BLOCK,
    urlId: 'photos',
    title: 'Photographs',
    navigationTitle: 'Photos',
    displayIndex: 3,
    settings: { gallery: { design: 'grid', 'thumbnails-per-row': 3, 'aspect-ratio': 'standard', 'show-meta': true } },
  });
  for (const [i, [motif, palette, caption]] of PHOTOS.entries()) {
    await w.item(photos, {
      recordType: RecordType.IMAGE,
      urlId: `photo-${i + 1}`,
      title: caption,
      assetUrl: illustrationUrl(motif, palette),
      displayIndex: i,
      structuredContent: { altText: caption },
    });
  }

  await w.collection({
    type: CollectionType.PAGE,
    urlId: 'home',
    title: 'Home',
    isHomepage: true,
    settings: {
      blocks: [
        {
          typeName: 'hero',
          eyebrow: 'Essays & field notes',
          title: 'Walking north, slowly.',
          text: 'Writing about trails, rivers, lichens and the small joys of paying attention, from the Hudson Valley and beyond.',
          buttonText: 'Read the latest',
          buttonUrl: '/notes',
          assetUrl: illustrationUrl('landscape', 'moss'),
          altText: 'Green hills under a pale sun',
        },
        { typeName: 'summary', title: 'Latest notes', collectionId: notes, limit: 3, linkText: 'All notes' },
        {
          typeName: 'newsletter',
          title: 'The monthly dispatch',
          description: 'One essay, three links and a photograph, on the first Sunday of the month.',
          formId: newsletterId,
        },
      ],
    },
  });
  const contact = await w.collection({
    type: CollectionType.PAGE,
    urlId: 'contact',
    title: 'Contact',
    displayIndex: 4,
    settings: {
      blocks: [
        {
          typeName: 'html',
          title: 'Write to us',
          html: '<p>We read everything, and answer most of it. For readings and talks, please give us a few weeks’ notice.</p>',
        },
        { typeName: 'form', title: 'Send a note', formId: contactId },
      ],
    },
  });
  await updateWebsiteSettings(db, site.id, {
    navigation: {
      mainNavigation: { items: [{ collectionId: notes }, { collectionId: readings }, { collectionId: photos }, { collectionId: contact }] },
      footerNavigation: { items: [{ collectionId: notes }, { collectionId: contact }, { externalLink: '/search', title: 'Search' }] },
    },
    headerFooter: {
      header: { tagline: 'Essays & field notes' },
      footer: {
        text: 'Northbound Notes is written by Clara Vance and Jonah Pike in the Hudson Valley.',
        email: 'letters@northbound.example',
        newsletter: { title: 'The monthly dispatch', description: 'One essay, once a month.', formId: newsletterId },
      },
    },
  });
  return site.id;
}
