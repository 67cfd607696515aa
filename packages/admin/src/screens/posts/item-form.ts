import { ItemFields, type ItemDraftValueInput, type ItemFieldsInput, type ItemStatus } from '@emporium/server/collection-items/schemas';
import type { DraftFields } from '../editor/use-page-draft.js';

/** The editor's form: the item's fields with dates as `datetime-local` text. */
export interface ItemForm {
  title: string;
  body: string;
  excerpt: string;
  tags: string[];
  categories: string[];
  authorId: string;
  authorName: string;
  status: ItemStatus;
  publishOn: string;
  startDate: string;
  endDate: string;
  allDay: boolean;
  addressTitle: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  altText: string;
  focalX: number;
  focalY: number;
  /** The URL slug (empty for a new item: made from the title). */
  urlId: string;
  seoTitle: string;
  seoDescription: string;
  socialImageUrl: string;
}

const localOf = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** The form of an item read from the server, or of its draft (or of a new one). */
export function formOf(item: ItemFieldsInput | undefined): ItemForm {
  return {
    title: item?.title ?? '',
    body: item?.body ?? '',
    excerpt: item?.excerpt ?? '',
    tags: item?.tags ?? [],
    categories: item?.categories ?? [],
    authorId: item?.authorId ?? '',
    authorName: item?.authorName ?? '',
    status: item?.status ?? 'draft',
    publishOn: item?.status === 'scheduled' ? localOf(item.publishOn ?? undefined) : '',
    startDate: localOf(item?.event?.startDate),
    endDate: localOf(item?.event?.endDate),
    allDay: item?.event?.allDay ?? false,
    addressTitle: item?.event?.location?.addressTitle ?? '',
    addressLine1: item?.event?.location?.addressLine1 ?? '',
    addressLine2: item?.event?.location?.addressLine2 ?? '',
    addressCountry: item?.event?.location?.addressCountry ?? '',
    altText: item?.image?.altText ?? '',
    focalX: item?.image?.focalPoint?.x ?? 0.5,
    focalY: item?.image?.focalPoint?.y ?? 0.5,
    urlId: item?.urlId ?? '',
    seoTitle: item?.seoTitle ?? '',
    seoDescription: item?.seoDescription ?? '',
    socialImageUrl: item?.socialImageUrl ?? '',
  };
}

/** What an item's draft holds beside its form (a gallery image's drafted place, a drafted removal), kept as it is by every save. */
export function draftOnlyOf(value: unknown): Pick<ItemDraftValueInput, 'displayIndex' | 'removed'> {
  const v = (value ?? {}) as { displayIndex?: unknown; removed?: unknown };
  return { ...(typeof v.displayIndex === 'number' ? { displayIndex: v.displayIndex } : {}), ...(v.removed === true ? { removed: true as const } : {}) };
}

/** The published item a save starts from: a published post keeps its date. */
type Original = { readonly status?: ItemStatus | undefined; readonly publishOn?: string | null | undefined } | undefined;

/** The body of a save of `form` for a collection of `kind`. */
export function fieldsOf(form: ItemForm, kind: 'blog' | 'events' | 'gallery', original: Original): ItemFieldsInput {
  const urlId = form.urlId.trim();
  return {
    title: form.title,
    body: form.body,
    excerpt: form.excerpt,
    tags: form.tags,
    categories: form.categories,
    authorId: form.authorId || null,
    authorName: form.authorName,
    status: form.status,
    publishOn:
      form.status === 'scheduled'
        ? isoOf(form.publishOn)
        : form.status === 'published' && original?.status === 'published'
          ? (original.publishOn ?? null)
          : null,
    ...(kind === 'events'
      ? {
          event: {
            startDate: isoOf(form.startDate) ?? '',
            endDate: isoOf(form.endDate) ?? '',
            allDay: form.allDay,
            location: {
              addressTitle: form.addressTitle,
              addressLine1: form.addressLine1,
              addressLine2: form.addressLine2,
              addressCountry: form.addressCountry,
            },
          },
        }
      : {}),
    ...(kind === 'gallery' ? { image: { altText: form.altText, focalPoint: { x: Number(form.focalX), y: Number(form.focalY) } } } : {}),
    ...(urlId ? { urlId } : {}),
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
    socialImageUrl: form.socialImageUrl,
  };
}

/**
 * An item's draft as the editor keeps it (decision 0055): the fields of its form, read from its
 * draft or else its published fields, compared as saved, and checked with the server's own schema.
 */
export function itemDraftFields(kind: 'blog' | 'events' | 'gallery'): DraftFields<ItemDraftValueInput> {
  return {
    fieldsOf: (published, draft) => {
      const value = (draft ?? published) as ItemDraftValueInput | undefined;
      return { ...fieldsOf(formOf(value), kind, published as Original), ...draftOnlyOf(value) };
    },
    same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    problem: (fields) => {
      const checked = ItemFields.safeParse(fields);
      return checked.success ? undefined : checked.error.issues[0]?.message;
    },
  };
}
