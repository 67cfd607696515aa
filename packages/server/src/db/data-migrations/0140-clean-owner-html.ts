import { and, asc, eq, gt, like, or, type SQL } from 'drizzle-orm';
import { cleanHtmlBlocks, cleanOwnerHtml } from '../../rich-text/index.js';
import { collections, forms, items } from '../schema.js';
import type { Migration, Tx } from '../types.js';

const BATCH = 200;

/** Whether any of `columns` may hold markup (has a `<`); rows without one need no cleaning. */
const mayHoldMarkup = (...columns: Parameters<typeof like>[0][]): SQL => or(...columns.map((column) => like(column, '%<%')))!;

async function cleanItems(tx: Tx): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await tx
      .select({ id: items.id, body: items.body, excerpt: items.excerpt })
      .from(items)
      .where(and(gt(items.id, after), mayHoldMarkup(items.body, items.excerpt)))
      .orderBy(asc(items.id))
      .limit(BATCH);
    for (const row of rows) {
      const body = cleanOwnerHtml(row.body);
      const excerpt = cleanOwnerHtml(row.excerpt);
      if (body !== row.body || excerpt !== row.excerpt) await tx.update(items).set({ body, excerpt }).where(eq(items.id, row.id));
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function cleanCollections(tx: Tx): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await tx
      .select({ id: collections.id, description: collections.description, settings: collections.settings })
      .from(collections)
      .where(gt(collections.id, after))
      .orderBy(asc(collections.id))
      .limit(BATCH);
    for (const row of rows) {
      const description = cleanOwnerHtml(row.description);
      const blocks = cleanHtmlBlocks(row.settings.blocks);
      const blocksChanged = JSON.stringify(blocks) !== JSON.stringify(row.settings.blocks);
      if (description === row.description && !blocksChanged) continue;
      const settings = blocksChanged ? { ...row.settings, blocks } : row.settings;
      await tx.update(collections).set({ description, settings }).where(eq(collections.id, row.id));
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function cleanForms(tx: Tx): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await tx
      .select({ id: forms.id, submissionMessage: forms.submissionMessage, submissionHtml: forms.submissionHtml, disclaimerMessage: forms.disclaimerMessage })
      .from(forms)
      .where(and(gt(forms.id, after), mayHoldMarkup(forms.submissionMessage, forms.submissionHtml, forms.disclaimerMessage)))
      .orderBy(asc(forms.id))
      .limit(BATCH);
    for (const row of rows) {
      const clean = {
        submissionMessage: cleanOwnerHtml(row.submissionMessage),
        submissionHtml: cleanOwnerHtml(row.submissionHtml),
        disclaimerMessage: cleanOwnerHtml(row.disclaimerMessage),
      };
      const changed =
        clean.submissionMessage !== row.submissionMessage || clean.submissionHtml !== row.submissionHtml || clean.disclaimerMessage !== row.disclaimerMessage;
      if (changed) await tx.update(forms).set(clean).where(eq(forms.id, row.id));
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Cleans the owner-written HTML stored before it was cleaned on save (decision 0033): item
 * bodies and excerpts, collection descriptions and HTML blocks, form messages. Rows are read in
 * batches by id; only rows whose HTML changes are written (their sites' page versions move).
 */
export const cleanOwnerHtml0140: Migration = Object.freeze({
  version: '0140',
  name: 'clean-owner-html',
  sql: '',
  run: async (tx: Tx) => {
    await cleanItems(tx);
    await cleanCollections(tx);
    await cleanForms(tx);
  },
});
