/** A block as a field's condition reads it. */
type Block = Readonly<Record<string, unknown>>;

/** Shown only when `when` holds for the block (a gallery option of other designs is hidden). */
interface Conditional {
  readonly when?: (block: Block) => boolean;
}

/** Where a picked id comes from: the site's forms, products, pages of items, or blogs. */
export type SourceKind = 'form' | 'product' | 'collection' | 'blog';

/** One field of a block's form: an input bound to `key` of the block, or a text box that edits a list through `toText`/`fromText`. */
export type FieldSpec = Conditional &
  (
    | {
        readonly control: 'text' | 'url' | 'number';
        readonly key: string;
        readonly label: string;
        readonly hint?: string;
        readonly min?: number;
        readonly max?: number;
      }
    | { readonly control: 'textarea'; readonly key: string; readonly label: string; readonly hint?: string; readonly rows?: number; readonly code?: boolean }
    | { readonly control: 'select'; readonly key: string; readonly label: string; readonly options: readonly (readonly [string, string])[] }
    | { readonly control: 'checkbox'; readonly key: string; readonly label: string; readonly hint?: string }
    | {
        readonly control: 'lines';
        readonly key: string;
        readonly label: string;
        readonly hint: string;
        readonly rows?: number;
        readonly toText: (value: unknown) => string;
        readonly fromText: (text: string) => unknown;
      }
    | { readonly control: 'newsletter-list'; readonly key: 'formId'; readonly label: string }
    | { readonly control: 'source'; readonly key: string; readonly label: string; readonly source: SourceKind }
    | { readonly control: 'image'; readonly key: 'assetUrl'; readonly label: string }
    | { readonly control: 'gallery-images'; readonly key: 'images'; readonly label: string }
  );
