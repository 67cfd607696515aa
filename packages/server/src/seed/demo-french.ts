import type { DbOrTx } from '../db/types.js';
import { updateWebsiteSettings } from '../sites/index.js';
import { readSourceTexts, sourceHash, writeTranslations, type TranslationWrite } from '../translations/index.js';

/** The demo shop's French, by the English text it translates (the same English gets the same French wherever it shows). */
const FRENCH: Readonly<Record<string, string>> = Object.freeze({
  // The site, header and footer
  'Small-batch linen, ceramics and natural-dye goods, made slowly in Hudson, New York.':
    'Lin, céramique et teintures végétales en petites séries, faits sans hâte à Hudson, dans l’État de New York.',
  'Goods for slow living': 'Des objets pour vivre sans hâte',
  'Free shipping on orders over $75 · Hand-packed in Hudson, NY': 'Livraison offerte dès 75 $ · Emballé à la main à Hudson (NY)',
  'Small-batch linen, ceramics and natural-dye goods, made slowly in the Hudson Valley.':
    'Lin, céramique et teintures végétales en petites séries, faits sans hâte dans la vallée de l’Hudson.',
  'Letters from the studio': 'Lettres de l’atelier',
  'New batches and workshop dates, once a month.': 'Nouvelles séries et dates d’ateliers, une fois par mois.',
  'Prices in US dollars.': 'Prix en dollars américains.',
  Search: 'Rechercher',
  // Pages, their slugs and navigation titles
  Shop: 'Boutique',
  shop: 'boutique',
  '<p>Linen, ceramics, candles and kits, made in small batches in our Hudson studio and by a few friends nearby.</p>':
    '<p>Lin, céramique, bougies et kits, fabriqués en petites séries dans notre atelier de Hudson et par quelques amis du coin.</p>',
  '<p>Notes from the studio, the dye garden and the people we make things with.</p>':
    '<p>Nouvelles de l’atelier, du jardin de teinture et des personnes avec qui nous fabriquons.</p>',
  'Workshops & Events': 'Ateliers et événements',
  Events: 'Événements',
  events: 'evenements',
  '<p>Come and make something with us, or find us at the market.</p>': '<p>Venez fabriquer quelque chose avec nous, ou retrouvez-nous au marché.</p>',
  'The Studio': 'L’atelier',
  Studio: 'Atelier',
  studio: 'atelier',
  '<p>A look around the workshop on Warren Street.</p>': '<p>Un tour de l’atelier de Warren Street.</p>',
  Home: 'Accueil',
  About: 'À propos',
  about: 'a-propos',
  Members: 'Membres',
  members: 'membres',
  Course: 'Cours',
  'Natural dyeing at home': 'Teinture naturelle à la maison',
  // Blocks
  'New for autumn': 'Nouveau cet automne',
  'Made slowly, made to last.': 'Fait lentement, fait pour durer.',
  'Linen, stoneware and natural-dye goods from a small studio in the Hudson Valley. Every piece is cut, thrown or dipped by hand.':
    'Lin, grès et teintures végétales d’un petit atelier de la vallée de l’Hudson. Chaque pièce est coupée, tournée ou trempée à la main.',
  'Shop the collection': 'Découvrir la collection',
  'Our market stall under a striped awning': 'Notre stand de marché sous un auvent rayé',
  'New in the shop': 'Nouveautés de la boutique',
  'Shop all': 'Tout voir',
  'We would rather make fifty things well than five thousand things quickly.': 'Nous préférons faire cinquante choses bien que cinq mille choses vite.',
  'Ana & Sam, founders': 'Ana et Sam, fondateurs',
  'From the journal': 'Du journal',
  'Read the journal': 'Lire le journal',
  'New batches, workshop dates and the occasional recipe. Once a month, never more.':
    'Nouvelles séries, dates d’ateliers et parfois une recette. Une fois par mois, jamais plus.',
  'About Fern & Field': 'À propos de Fern & Field',
  'The hills behind the studio at sunrise': 'Les collines derrière l’atelier au lever du soleil',
  'The view from the back door.': 'La vue depuis la porte de derrière.',
  'Get in touch': 'Nous écrire',
  'Send us a message': 'Envoyez-nous un message',
  'We reply within two working days.': 'Nous répondons sous deux jours ouvrés.',
  'Stay in the loop': 'Restez informé',
  'One letter a month with new batches and workshop dates.': 'Une lettre par mois avec les nouvelles séries et les dates d’ateliers.',
  // Products
  'Linen Camp Shirt': 'Chemise de camp en lin',
  'linen-camp-shirt': 'chemise-camp-en-lin',
  '<p>A relaxed, boxy shirt in stonewashed European flax linen that softens with every wash.</p>':
    '<p>Une chemise ample et carrée en lin européen délavé, qui s’assouplit à chaque lavage.</p>',
  'Speckled Stoneware Mug': 'Tasse en grès moucheté',
  'stoneware-mug': 'tasse-en-gres',
  '<p>Wheel-thrown in our Hudson studio and glazed in a deep river blue.</p>':
    '<p>Tournée dans notre atelier de Hudson et émaillée d’un bleu rivière profond.</p>',
  'Waxed Canvas Market Tote': 'Cabas de marché en toile cirée',
  'waxed-canvas-tote': 'cabas-toile-ciree',
  '<p>Our end-of-season tote, now 25% off while the current run lasts.</p>': '<p>Notre cabas de fin de saison, à −25 % jusqu’à épuisement de la série.</p>',
  'Hand-dipped Beeswax Tapers': 'Bougies en cire d’abeille trempées main',
  'beeswax-taper-candles': 'bougies-cire-abeille',
  '<p>A pair of slow-burning tapers dipped in local beeswax. Small batch, low stock.</p>':
    '<p>Une paire de bougies à combustion lente, trempées dans une cire d’abeille locale. Petite série, stock limité.</p>',
  'Everyday Work Apron': 'Tablier de travail',
  'everyday-apron': 'tablier-de-travail',
  '<p>A cross-back apron with deep pockets, for the kitchen, the garden or the wheel.</p>':
    '<p>Un tablier à bretelles croisées et poches profondes, pour la cuisine, le jardin ou le tour.</p>',
  'Hedgerow Smock Sewing Pattern (PDF)': 'Patron de couture de la blouse Hedgerow (PDF)',
  'hedgerow-sewing-pattern': 'patron-blouse-hedgerow',
  '<p>An instant-download pattern for our easy gathered smock, sizes XS to 4XL.</p>':
    '<p>Un patron à télécharger pour notre blouse froncée facile, du XS au 4XL.</p>',
  'Natural Dye Workshop': 'Atelier de teinture végétale',
  'natural-dye-workshop': 'atelier-teinture-vegetale',
  '<p>A three-hour Saturday session in the studio: madder, weld and indigo on silk and wool.</p>':
    '<p>Trois heures le samedi à l’atelier : garance, gaude et indigo sur soie et laine.</p>',
  'Fern & Field Gift Card': 'Carte cadeau Fern & Field',
  'gift-card': 'carte-cadeau',
  '<p>Sent by email with a code to spend in the shop or on a workshop seat. It never expires.</p>':
    '<p>Envoyée par e-mail avec un code à utiliser en boutique ou pour une place en atelier. Elle n’expire jamais.</p>',
  'Seasonal Seed Box': 'Coffret de graines de saison',
  'seasonal-seed-box': 'coffret-graines-saison',
  '<p>Six months of open-pollinated seeds, chosen for what you can sow right now.</p>':
    '<p>Six mois de graines reproductibles, choisies pour ce que vous pouvez semer maintenant.</p>',
  'Oat & Honey Soap': 'Savon avoine et miel',
  'oat-honey-soap': 'savon-avoine-miel',
  '<p>A gentle cold-process bar with colloidal oats and raw honey.</p>': '<p>Un pain doux saponifié à froid, à l’avoine colloïdale et au miel cru.</p>',
  Natural: 'Naturel',
  Oat: 'Avoine',
  Clay: 'Argile',
  Sage: 'Sauge',
});

/**
 * French on the demo shop (issue 29, acceptance 0): a second published language under `/fr/`,
 * with its pages (titles, slugs, descriptions, blocks), navigation, header and footer and
 * products (titles, slugs, summaries, variant values) translated. Texts without a French one
 * show in English, as on any site.
 */
export async function seedDemoFrench(db: DbOrTx, websiteId: string): Promise<number> {
  await updateWebsiteSettings(db, websiteId, {
    languages: {
      version: 1,
      primary: 'en-US',
      list: [
        { code: 'en-US', published: true },
        { code: 'fr', published: true },
      ],
    },
  });
  const writes: TranslationWrite[] = [];
  for (const source of await readSourceTexts(db, websiteId)) {
    const french = Object.hasOwn(FRENCH, source.text) ? FRENCH[source.text] : undefined;
    if (french)
      writes.push({ subjectType: source.subjectType, subjectId: source.subjectId, field: source.field, text: french, sourceHash: sourceHash(source.text) });
  }
  await writeTranslations(db, websiteId, 'fr', writes);
  return writes.length;
}
