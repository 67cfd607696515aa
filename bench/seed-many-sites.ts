import pg from 'pg';
import { closeDatabase, openDatabase } from '../packages/server/src/db/index.js';
import type { DbOrTx } from '../packages/server/src/db/types.js';
import { illustrationUrl } from '../packages/server/src/pages/illustrations.js';
import { SeedWriter } from '../packages/server/src/seed/seed-writer.js';
import { createWebsite, updateWebsiteSettings } from '../packages/server/src/sites/repository.js';
import { CollectionType } from '../packages/server/src/spec/index.js';

/** What {@link seedManySites} wrote. */
export interface ManySites {
  /** Number of sites, the template included. */
  count: number;
  /** The identifier of site `n` (0 is the template): `site-00042`. */
  identifierOf(n: number): string;
  /** Milliseconds spent writing the template site and cloning it. */
  templateMs: number;
  cloneMs: number;
}

const DIGITS = 5;
const identifierOf = (n: number) => `site-${String(n).padStart(DIGITS, '0')}`;
const titleOf = (n: number) => `Shop ${String(n).padStart(DIGITS, '0')}`;

const PRODUCTS = [
  { urlId: 'everyday-tote', title: 'Everyday Tote', motif: 'tote', palette: 'sand', price: 4200, options: ['Natural', 'Black'] },
  { urlId: 'stoneware-mug', title: 'Stoneware Mug', motif: 'mug', palette: 'clay', price: 2800, options: [] },
  { urlId: 'beeswax-candle', title: 'Beeswax Candle', motif: 'candle', palette: 'berry', price: 1600, options: ['Small', 'Large'] },
] as const;

/** Writes site 0, the one every other site is a copy of: home page, about and contact pages, a shop of three products. */
async function writeTemplateSite(db: DbOrTx): Promise<string> {
  const site = await createWebsite(db, {
    identifier: identifierOf(0),
    title: titleOf(0),
    description: 'A small shop of everyday goods.',
    settings: { timeZone: 'Europe/London', currency: 'USD', locale: 'en-US', commerce: { storeName: titleOf(0), testMode: true } },
  });
  const w = new SeedWriter(db, site.id);
  const shop = await w.collection({
    type: CollectionType.PRODUCTS,
    urlId: 'shop',
    title: 'Shop',
    description: '<p>Everything we make, in small batches.</p>',
    displayIndex: 1,
    settings: { pageSize: 12 },
  });
  for (const [i, p] of PRODUCTS.entries()) {
    await w.product(shop, {
      productType: 1,
      urlId: p.urlId,
      title: p.title,
      displayIndex: i,
      assetUrl: illustrationUrl(p.motif, p.palette),
      excerpt: `<p>The ${p.title.toLowerCase()} we use every day.</p>`,
      body: `<p>Made by hand in our studio. Each ${p.title.toLowerCase()} is a little different from the next.</p>`,
      variantOptionOrdering: p.options.length ? ['Option'] : [],
      structuredContent: { altText: p.title },
      variants: (p.options.length ? p.options : ['']).map((option, v) => ({
        sku: `SKU-${i}-${v}`,
        priceCents: p.price + v * 400,
        qtyInStock: 10,
        attributes: (option ? { Option: option } : {}) as Record<string, string>,
      })),
    });
  }
  await w.collection({
    type: CollectionType.PAGE,
    urlId: 'home',
    title: 'Home',
    isHomepage: true,
    settings: {
      blocks: [
        { typeName: 'hero', title: 'Made slowly, made to last.', text: 'Everyday goods from a small studio.', buttonText: 'Shop', buttonUrl: '/shop' },
        { typeName: 'summary', title: 'In the shop', collectionId: shop, limit: 3, linkText: 'Shop all' },
        { typeName: 'html', title: 'About us', html: '<p>We are two people and a kiln. We make a few things well.</p>' },
      ],
    },
  });
  const pages: string[] = [];
  for (const [i, [urlId, title, html]] of [
    ['about', 'About', '<p>We started at a market stall and never quite left.</p>'],
    ['contact', 'Contact', '<p>Write to <a href="mailto:hello@shop.example">hello@shop.example</a>.</p>'],
  ].entries()) {
    pages.push(
      await w.collection({
        type: CollectionType.PAGE,
        urlId: urlId!,
        title: title!,
        displayIndex: 2 + i,
        settings: { blocks: [{ typeName: 'html', title, html }] },
      }),
    );
  }
  await updateWebsiteSettings(db, site.id, {
    navigation: {
      mainNavigation: { items: [{ collectionId: shop }, ...pages.map((collectionId) => ({ collectionId }))] },
      footerNavigation: { items: [{ collectionId: shop }, { collectionId: pages[1] }] },
    },
    headerFooter: { header: { tagline: 'Everyday goods' }, footer: { text: 'Made in small batches.' } },
  });
  return site.id;
}

interface Column {
  name: string;
  /** `text`, `jsonb`, `_text` (text[]), ... */
  udt: string;
  /** Identity, generated or sequence-backed: the clone takes the column's default. */
  generated: boolean;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;
const CASTS: Readonly<Record<string, string>> = { text: '', jsonb: '::jsonb', json: '::json', _text: '::text[]' };

/**
 * Every table holding rows of the template site, with its columns: `websites` (by `id`) and each
 * table with a `website_id` column.
 */
async function siteTables(
  client: pg.Client,
  templateId: string,
): Promise<{ table: string; key: string; columns: Column[]; rows: Record<string, unknown>[] }[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string; udt_name: string; generated: boolean }>(
    `select table_name, column_name, udt_name,
            (is_identity = 'YES' or is_generated = 'ALWAYS' or coalesce(column_default, '') like 'nextval(%') as generated
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, Column[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), { name: r.column_name, udt: r.udt_name, generated: r.generated }]);
  const out = [];
  for (const [table, columns] of byTable) {
    const key = table === 'websites' ? 'id' : columns.some((c) => c.name === 'website_id') ? 'website_id' : undefined;
    if (!key) continue;
    const found = await client.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${quoteIdent(table)} t where ${quoteIdent(key)} = $1`, [
      templateId,
    ]);
    if (found.rows.length) out.push({ table, key, columns, rows: found.rows.map((r) => r.row) });
  }
  return out;
}

/**
 * Copies the template site `count - 1` times in one transaction, with INSERT … SELECT over
 * `generate_series`: each copy `n` gets ids `md5(template id || ':' || n)`, identifier
 * `site-{n}` and title `Shop {n}`, and every column that holds a template id, identifier or
 * title (foreign keys, navigation and blocks in JSON) has them replaced. Triggers and foreign-key
 * checks are off for the copy (`session_replication_role = replica`); the version columns are
 * copied from the template.
 */
async function cloneTemplate(client: pg.Client, templateId: string, count: number): Promise<void> {
  const tables = await siteTables(client, templateId);
  const website = tables.find((t) => t.table === 'websites')!.rows[0]!;
  const replacements = new Map<string, string>([
    [String(website.identifier), `'site-' || lpad(c.n::text, ${DIGITS}, '0')`],
    [String(website.title), `'Shop ' || lpad(c.n::text, ${DIGITS}, '0')`],
  ]);
  for (const { rows } of tables) for (const row of rows) if (typeof row.id === 'string') replacements.set(row.id, `md5(${quoteLiteral(`${row.id}:`)} || c.n)`);
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    for (const { table, key, columns, rows } of tables) {
      const targets: string[] = [];
      const values: string[] = [];
      for (const column of columns) {
        if (column.generated) continue;
        targets.push(quoteIdent(column.name));
        const stored = rows.map((r) => JSON.stringify(r[column.name] ?? null)).join('\n');
        const tokens = [...replacements.keys()].filter((token) => stored.includes(token));
        if (tokens.length === 0) {
          values.push(`t.${quoteIdent(column.name)}`);
          continue;
        }
        const cast = CASTS[column.udt];
        if (cast === undefined) throw new Error(`seed-many-sites: ${table}.${column.name} (${column.udt}) holds a template id`);
        let expression = `t.${quoteIdent(column.name)}${cast ? '::text' : ''}`;
        for (const token of tokens) expression = `replace(${expression}, ${quoteLiteral(token)}, ${replacements.get(token)})`;
        values.push(`(${expression})${cast}`);
      }
      await client.query(
        `insert into ${quoteIdent(table)} (${targets.join(', ')})
         select ${values.join(', ')} from ${quoteIdent(table)} t cross join generate_series(1, $2::int) as c(n) where t.${quoteIdent(key)} = $1`,
        [templateId, count - 1],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('analyze');
}

/**
 * Seeds `count` small sites into the (empty) PostgreSQL database at `databaseUrl`: migrates it,
 * writes site 0 with the seed writer (home page, about and contact pages, a shop of three
 * products with five variants) and copies it in bulk SQL (see {@link cloneTemplate}).
 */
export async function seedManySites(databaseUrl: string, count: number): Promise<ManySites> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`seedManySites: count must be a positive integer, got ${count}`);
  let started = performance.now();
  const db = await openDatabase({ databaseUrl });
  let templateId: string;
  try {
    templateId = await db.transaction((tx) => writeTemplateSite(tx));
  } finally {
    await closeDatabase(db);
  }
  const templateMs = performance.now() - started;
  started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (count > 1) await cloneTemplate(client, templateId, count);
  } finally {
    await client.end();
  }
  return { count, identifierOf, templateMs, cloneMs: performance.now() - started };
}
