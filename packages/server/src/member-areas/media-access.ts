import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.js';
import { visitorAreaIds } from './access-rule.js';

const IMAGE_ID = /^[0-9a-f]{32}$/;

/**
 * The areas that gate an uploaded image (by its id): the image is the picture or in the body or
 * content of a gated item or of an item of a gated collection, in a gated page's blocks, or in a
 * lesson of a gated course (its blocks or its downloads). One statement; empty when nothing gated
 * shows the image (then it is public, as every upload was).
 */
export async function areasGatingImage(db: DbOrTx, websiteId: string, imageId: string): Promise<string[][]> {
  if (!IMAGE_ID.test(imageId)) return [];
  const needle = `%${imageId}-%`;
  const rows = (await db.execute(sql`
    SELECT g.member_area_id AS "areaId", g.target_kind || ':' || g.target_id AS "gate"
    FROM member_area_gates g
    WHERE g.website_id = ${websiteId} AND (
      (g.target_kind = 'collection' AND EXISTS (
        SELECT 1 FROM collections c WHERE c.website_id = g.website_id AND c.id = g.target_id AND c.settings::text LIKE ${needle}))
      OR EXISTS (
        SELECT 1 FROM items i WHERE i.website_id = g.website_id
          AND ((g.target_kind = 'item' AND i.id = g.target_id) OR (g.target_kind = 'collection' AND i.collection_id = g.target_id))
          AND (coalesce(i.asset_url, '') LIKE ${needle} OR i.body LIKE ${needle} OR i.structured_content::text LIKE ${needle}))
      OR (g.target_kind = 'collection' AND EXISTS (
        SELECT 1 FROM course_lessons l WHERE l.website_id = g.website_id AND l.course_id = g.target_id
          AND (l.body::text LIKE ${needle} OR EXISTS (
            SELECT 1 FROM library_files f WHERE f.website_id = l.website_id AND f.id = ANY (l.file_ids) AND f.asset_url LIKE ${needle})))))`)) as unknown as {
    rows: Array<{ areaId: string; gate: string }>;
  };
  const byGate = new Map<string, string[]>();
  for (const row of rows.rows) byGate.set(row.gate, [...(byGate.get(row.gate) ?? []), row.areaId]);
  return [...byGate.values()];
}

/**
 * Whether the visitor may fetch an uploaded image: `public` when nothing gated shows it,
 * `member` when the visitor holds an area of every gate that shows it, else `denied`.
 */
export async function imageAccess(
  db: DbOrTx,
  websiteId: string,
  imageId: string,
  cookies: Readonly<Record<string, string | undefined>>,
  now: Date,
): Promise<'public' | 'member' | 'denied'> {
  const gates = await areasGatingImage(db, websiteId, imageId);
  if (gates.length === 0) return 'public';
  const held = await visitorAreaIds(db, websiteId, cookies, now);
  return gates.every((areas) => areas.some((id) => held.has(id))) ? 'member' : 'denied';
}
