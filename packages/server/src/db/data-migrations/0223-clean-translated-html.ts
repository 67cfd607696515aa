import { sql } from 'drizzle-orm';
import { cleanOwnerHtml } from '../../rich-text/index.js';
import type { Migration, Tx } from '../types.js';

const BATCH = 200;

interface Row {
  websiteId: string;
  language: string;
  subjectType: string;
  subjectId: string;
  field: string;
  text: string;
}

/**
 * Translations whose source is owner HTML, as the cleaning on save knew them when this
 * migration was written: item bodies and excerpts, page descriptions, form messages, lessons'
 * block HTML, and every page block's HTML. A raw HTML block's translation is cleaned too:
 * before the cleaning on save, anyone who could save translations could write it, so who
 * wrote it is unknown (a role with the code permission saves it raw again).
 */
const HTML_TRANSLATIONS = sql`(
  (subject_type = 'item' AND field IN ('body', 'excerpt'))
  OR (subject_type = 'collection' AND field = 'description')
  OR (subject_type = 'form' AND field IN ('submissionMessage', 'disclaimerMessage'))
  OR (subject_type = 'course' AND field ~ '^block:[0-9]+:html$')
  OR (subject_type = 'block' AND field = 'html')
)`;

async function batchAfter(tx: Tx, after: Row | undefined): Promise<Row[]> {
  const from = after
    ? sql`AND (website_id, language, subject_type, subject_id, field) > (${after.websiteId}, ${after.language}, ${after.subjectType}, ${after.subjectId}, ${after.field})`
    : sql``;
  const result = (await tx.execute(sql`
    SELECT website_id AS "websiteId", language, subject_type AS "subjectType", subject_id AS "subjectId", field, text
    FROM translations
    WHERE text LIKE '%<%' AND ${HTML_TRANSLATIONS} ${from}
    ORDER BY website_id, language, subject_type, subject_id, field
    LIMIT ${BATCH}`)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Cleans translations of owner HTML stored before translations were cleaned on save
 * (decisions 0033 and 0049): read in batches of 200 by key, rewritten only when cleaning
 * changes them (the table's trigger moves their sites' page versions; `updated_at` and the
 * source hash, so the stale flag, are left alone). One with nothing left once cleaned is
 * removed, and the page shows the source there.
 */
export const cleanTranslatedHtml0223: Migration = Object.freeze({
  version: '0223',
  name: 'clean-translated-html',
  sql: '',
  run: async (tx: Tx) => {
    for (let after: Row | undefined; ; ) {
      const rows = await batchAfter(tx, after);
      for (const row of rows) {
        const text = cleanOwnerHtml(row.text);
        if (text === row.text) continue;
        const key = sql`website_id = ${row.websiteId} AND language = ${row.language} AND subject_type = ${row.subjectType}
          AND subject_id = ${row.subjectId} AND field = ${row.field}`;
        if (text.trim()) await tx.execute(sql`UPDATE translations SET text = ${text} WHERE ${key}`);
        else await tx.execute(sql`DELETE FROM translations WHERE ${key}`);
      }
      if (rows.length < BATCH) return;
      after = rows.at(-1);
    }
  },
});
