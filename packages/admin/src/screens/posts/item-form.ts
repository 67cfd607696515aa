import type { ItemFieldsInput, ItemStatus, ItemView } from '@emporium/server/collection-items/schemas';

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
}

const localOf = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** The form of an item read from the server (or of a new one). */
export function formOf(item: ItemView | undefined): ItemForm {
  return {
    title: item?.title ?? '',
    body: item?.body ?? '',
    excerpt: item?.excerpt ?? '',
    tags: item?.tags ?? [],
    categories: item?.categories ?? [],
    authorId: item?.authorId ?? '',
    authorName: item?.authorName ?? '',
    status: item?.status ?? 'draft',
    publishOn: item?.status === 'scheduled' ? localOf(item.publishOn) : '',
    startDate: localOf(item?.event?.startDate),
    endDate: localOf(item?.event?.endDate),
    allDay: item?.event?.allDay ?? false,
    addressTitle: item?.event?.location.addressTitle ?? '',
    addressLine1: item?.event?.location.addressLine1 ?? '',
    addressLine2: item?.event?.location.addressLine2 ?? '',
    addressCountry: item?.event?.location.addressCountry ?? '',
    altText: item?.image?.altText ?? '',
    focalX: item?.image?.focalPoint.x ?? 0.5,
    focalY: item?.image?.focalPoint.y ?? 0.5,
  };
}

/** The body of a save of `form` for a collection of `kind`. */
export function fieldsOf(form: ItemForm, kind: 'blog' | 'events' | 'gallery', original: ItemView | undefined): ItemFieldsInput {
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
      form.status === 'scheduled' ? isoOf(form.publishOn) : form.status === 'published' && original?.status === 'published' ? original.publishOn : null,
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
  };
}
