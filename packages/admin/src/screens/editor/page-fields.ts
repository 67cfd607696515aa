/** A block of a page as stored (`typeName` names its kind; text blocks are `html`). */
export type StoredBlock = Readonly<Record<string, unknown>>;

/** What the editor's inspector edits of a page: the drafted fields of `collection:{id}`. */
export interface PageFields {
  readonly title: string;
  readonly navigationTitle: string;
  readonly description: string;
  /** Present for pages of blocks only. */
  readonly blocks?: readonly StoredBlock[];
}

/** The draft subject of a page. */
export function pageSubject(pageId: string): string {
  return `collection:${pageId}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The fields the editor starts from: the draft's where it has them, else the published ones.
 * `withBlocks` is false for pages without a block field (blog, store, ...): their blocks are left alone.
 */
export function fieldsOf(published: unknown, draft: unknown, withBlocks: boolean): PageFields {
  const live = (published ?? {}) as Record<string, unknown>;
  const drafted = (draft ?? {}) as Record<string, unknown>;
  const pick = (key: string) => (key in drafted ? drafted[key] : live[key]);
  const blocks = pick('blocks');
  return {
    title: text(pick('title')),
    navigationTitle: text(pick('navigationTitle')),
    description: text(pick('description')),
    ...(withBlocks ? { blocks: Array.isArray(blocks) ? (blocks as StoredBlock[]) : [] } : {}),
  };
}

/** Whether a block is a text block the inspector can edit. */
export function isTextBlock(block: StoredBlock): boolean {
  return block.typeName === 'html';
}

/** `fields` with the text of block `index` set to `html`. */
export function withBlockText(fields: PageFields, index: number, html: string): PageFields {
  const blocks = (fields.blocks ?? []).map((block, i) => (i === index ? { ...block, html } : block));
  return { ...fields, blocks };
}

/** Whether two states of the fields hold the same values (so nothing needs saving). */
export function sameFields(a: PageFields, b: PageFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What a save may refuse before it is sent: a page needs a title. */
export function titleProblem(fields: PageFields): string | undefined {
  return fields.title.trim() ? undefined : 'A page needs a title.';
}
