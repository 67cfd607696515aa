import {
  ITEM_STATUS_LABELS,
  ItemFields,
  ItemStatus,
  MAX_CATEGORY_LENGTH,
  MAX_ITEM_URL_ID,
  MAX_SEO_DESCRIPTION,
  MAX_SEO_TITLE,
  MAX_TAG_LENGTH,
  type ItemView,
} from '@emporium/server/collection-items/schemas';
import type { ItemDraftValueInput } from '@emporium/server/collection-items/schemas';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { ApiError } from '../../api/http.js';
import { invalidate, setData } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { Link, navigate, useLocation } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import { AUTHORS_PATH, type Authors, createItem, deleteItem, type ItemPage, itemPath, itemsPath, saveItem, uploadBodyImage } from './item-calls.js';
import { draftOnlyOf, fieldsOf, formOf, itemDraftFields, type ItemForm } from './item-form.js';
import { PublishBar } from '../editor/PublishBar.js';
import { SaveStatus } from '../editor/SaveStatus.js';
import { type SubjectDraft, useSubjectDraft } from '../editor/use-page-draft.js';
import { TagInput } from './TagInput.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './posts.css';

const RichTextEditor = lazy(() => import('./RichTextEditor.js'));

interface ItemEditorScreenProps {
  readonly collectionId: string;
  /** Absent for a new item. */
  readonly itemId?: string;
}

/** The editor of one post, event or gallery image: loads it (or starts a new one), then the form. */
export default function ItemEditorScreen({ collectionId, itemId }: ItemEditorScreenProps) {
  const list = useQuery<ItemPage>(`${itemsPath(collectionId)}?limit=1`);
  const authors = useQuery<Authors>(AUTHORS_PATH);
  if (isNotFound(list.error)) return <MissingContent />;
  if (list.status === 'error') return <ErrorText error={list.error} />;
  if (!list.data) return <Loading />;
  const authorList = authors.data?.authors ?? [];
  if (!itemId) return <ItemEditorForm collection={list.data.collection} item={undefined} authors={authorList} />;
  return <ExistingItem collection={list.data.collection} itemId={itemId} authors={authorList} />;
}

function ExistingItem({ collection, itemId, authors }: Omit<ItemEditorFormProps, 'item'> & { readonly itemId: string }) {
  const item = useQuery<ItemView>(itemPath(collection.id, itemId));
  if (isNotFound(item.error)) return <MissingContent />;
  if (item.status === 'error') return <ErrorText error={item.error} />;
  if (!item.data) return <Loading />;
  return <DraftedItem collection={collection} item={item.data} authors={authors} />;
}

/** An existing item: its draft (else its published fields) in the form, every change saved as its draft (decision 0055). */
function DraftedItem({ collection, item, authors }: Omit<ItemEditorFormProps, 'item' | 'draft'> & { readonly item: ItemView }) {
  const fields = useMemo(() => itemDraftFields(collection.kind), [collection.kind]);
  const draft = useSubjectDraft<ItemDraftValueInput>(`item:${item.id}`, fields, () => invalidate(itemsPath(collection.id)));
  if (draft.loadError) return isNotFound(draft.loadError) ? <MissingContent /> : <ErrorText error={draft.loadError} />;
  if (!draft.stack) return <Loading />;
  return <ItemEditorForm collection={collection} item={item} authors={authors} draft={draft} />;
}

/** Spec 8: what the editor says when the post, event or image (or its page) it was opened for is not there. */
export const UNABLE_TO_LOCATE_CONTENT = 'Unable to locate content';

/** Saves what the draft still waits to save, when the item has a draft. */
async function flushFirst(draft: SubjectDraft<ItemDraftValueInput> | undefined): Promise<void> {
  if (draft) await draft.flush();
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** An item or page that was deleted, or a link that names none. */
function MissingContent() {
  return (
    <>
      <ScreenHeading>Posts</ScreenHeading>
      <div className="load-failure" role="alert">
        <p className="error">{UNABLE_TO_LOCATE_CONTENT}</p>
        <p className="hint">It may have been deleted, or the address you followed names no post on this site.</p>
        <Link to="/posts">All posts</Link>
      </div>
    </>
  );
}

interface ItemEditorFormProps {
  readonly collection: ItemPage['collection'];
  readonly item: ItemView | undefined;
  readonly authors: Authors['authors'];
  /** An existing item's draft: the form saves into it as the owner types, and Publish makes it live. */
  readonly draft?: SubjectDraft<ItemDraftValueInput>;
}

function ItemEditorForm({ collection, item, authors, draft }: ItemEditorFormProps) {
  const [saved, setSaved] = useState<ItemView | undefined>(item);
  const [failure, setFailure] = useState<unknown>(null);
  // A new item's first save moves to its own address (`?saved`), where the editor says it was saved.
  const { search } = useLocation();
  const [note, setNote] = useState<string | null>(
    item && search.has('saved') ? `Saved as a draft: ${ITEM_STATUS_LABELS[item.draft?.status ?? item.status]}.` : null,
  );
  const present = draft?.stack?.present;
  // What the draft holds beside the form (a gallery image's drafted place or removal) goes with every save.
  const kept = useRef(draftOnlyOf(present));
  kept.current = draftOnlyOf(present);
  const { register, control, handleSubmit, watch, setError, formState, reset, getValues } = useForm<ItemForm>({ defaultValues: formOf(present ?? item) });
  const errors = formState.errors;
  const status = watch('status');
  const noun = collection.kind === 'blog' ? 'post' : collection.kind === 'events' ? 'event' : 'image';

  // Every change of an existing item is saved as its draft; the draft read again (after a publish, or their changes loaded) fills the form.
  const change = draft?.change;
  useEffect(() => {
    if (!change) return;
    const subscription = watch((form, { name }) => {
      if (name) change({ ...fieldsOf(form as ItemForm, collection.kind, item), ...kept.current }, 'form');
    });
    return () => subscription.unsubscribe();
  }, [watch, change, collection.kind, item]);
  useEffect(() => {
    if (present && JSON.stringify({ ...fieldsOf(getValues(), collection.kind, item), ...draftOnlyOf(present) }) !== JSON.stringify(present))
      reset(formOf(present));
  }, [present, getValues, reset, collection.kind, item]);

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    setNote(null);
    const body = fieldsOf(form, collection.kind, saved);
    const checked = ItemFields.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path.join('.') as FieldPath<ItemForm>, { message: issue.message });
      return;
    }
    try {
      const answer = saved ? await saveItem(collection.id, saved.id, { ...body, version: saved.version }) : await createItem(collection.id, body);
      setSaved(answer);
      setData(itemPath(collection.id, answer.id), answer);
      invalidate(itemsPath(collection.id));
      invalidate('/api/owner/drafts');
      reset(formOf(answer));
      setNote(`Saved as a draft: ${ITEM_STATUS_LABELS[answer.draft?.status ?? answer.status]}.`);
      if (!saved) navigate(`/posts/${collection.id}/${answer.id}?saved`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields))
          setError((field.split('.')[0] === 'event' ? field.replace('event.', '') : field) as FieldPath<ItemForm>, { message });
      }
      setFailure(error);
    }
  });

  async function remove() {
    if (!saved || !window.confirm(`Delete “${saved.title}”?`)) return;
    try {
      // A gallery image visitors see is removed by the next publish (its draft); the rest goes at once.
      await flushFirst(draft);
      await deleteItem(collection.id, saved.id, saved.version, collection.kind === 'gallery');
      invalidate(itemsPath(collection.id));
      invalidate('/api/owner/drafts');
      navigate(`/posts?page=${collection.id}`);
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <>
      <form className="item-editor" onSubmit={draft ? (event) => event.preventDefault() : submit} noValidate>
        <p>
          <Link to={`/posts?page=${collection.id}`}>← {collection.title}</Link>
        </p>
        <ScreenHeading>{saved ? `Edit ${noun}: ${saved.title}` : `New ${noun}`}</ScreenHeading>
        <Field label="Title" maxLength={200} {...register('title')} error={errors.title?.message} />
        {collection.kind === 'gallery' && saved?.image && (
          <fieldset>
            <legend>Image</legend>
            <img className="item-image" src={saved.image.assetUrl} alt="" style={{ objectPosition: `${watch('focalX') * 100}% ${watch('focalY') * 100}%` }} />
            <Field label="Alt text" maxLength={250} hint="Describes the image for people who cannot see it; empty uses the title." {...register('altText')} />
            <Field label="Focal point, across (0 left, 1 right)" type="number" min={0} max={1} step={0.05} {...register('focalX', { valueAsNumber: true })} />
            <Field label="Focal point, down (0 top, 1 bottom)" type="number" min={0} max={1} step={0.05} {...register('focalY', { valueAsNumber: true })} />
          </fieldset>
        )}
        {collection.kind !== 'gallery' && (
          <Suspense fallback={<Loading label="Loading the text editor…" />}>
            <Controller
              control={control}
              name="body"
              render={({ field }) => (
                <RichTextEditor label="Text" value={field.value} onChange={field.onChange} uploadImage={(file) => uploadBodyImage(collection.id, file)} />
              )}
            />
          </Suspense>
        )}
        {collection.kind === 'events' && (
          <fieldset>
            <legend>When and where</legend>
            <Field label="Starts" type="datetime-local" {...register('startDate')} error={errors.startDate?.message} />
            <Field label="Ends" type="datetime-local" {...register('endDate')} error={errors.endDate?.message} />
            <Field label="All day" type="checkbox" {...register('allDay')} />
            <Field label="Place" maxLength={200} {...register('addressTitle')} />
            <Field label="Address" maxLength={200} {...register('addressLine1')} />
            <Field label="Town and postcode" maxLength={200} {...register('addressLine2')} />
            <Field label="Country code" maxLength={2} {...register('addressCountry')} />
          </fieldset>
        )}
        {collection.kind === 'blog' && <TextArea label="Excerpt" rows={3} maxLength={5000} {...register('excerpt')} error={errors.excerpt?.message} />}
        {collection.kind !== 'gallery' && (
          <fieldset>
            <legend>Address and search engines</legend>
            <Field
              label="URL slug"
              maxLength={MAX_ITEM_URL_ID}
              hint={
                watch('urlId')
                  ? `The ${noun}'s address: /${collection.urlId}/${watch('urlId')}. Changing it keeps the old address working: it redirects here.`
                  : 'Empty: made from the title.'
              }
              {...register('urlId')}
              error={errors.urlId?.message}
            />
            <Field label="SEO title" maxLength={MAX_SEO_TITLE} hint="Empty uses the title." {...register('seoTitle')} error={errors.seoTitle?.message} />
            <TextArea label="SEO description" rows={2} maxLength={MAX_SEO_DESCRIPTION} {...register('seoDescription')} error={errors.seoDescription?.message} />
            <Field
              label="Social image"
              maxLength={2048}
              hint={`Shown when the ${noun} is shared: an image address (https:// or an uploaded file's /…). Empty uses the ${noun}'s image or the site's.`}
              {...register('socialImageUrl')}
              error={errors.socialImageUrl?.message}
            />
          </fieldset>
        )}
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagInput label="Tags" addLabel="Add tag" values={field.value} maxLength={MAX_TAG_LENGTH} onChange={field.onChange} error={errors.tags?.message} />
          )}
        />
        {collection.kind === 'blog' && (
          <Controller
            control={control}
            name="categories"
            render={({ field }) => (
              <TagInput
                label="Categories"
                addLabel="Add category"
                values={field.value}
                maxLength={MAX_CATEGORY_LENGTH}
                onChange={field.onChange}
                error={errors.categories?.message}
              />
            )}
          />
        )}
        {collection.kind !== 'gallery' && (
          <>
            <Select
              label="Author"
              {...register('authorId')}
              options={[{ value: '', label: 'No author' }, ...authors.map((a) => ({ value: a.id, label: a.email }))]}
            />
            <Field label="Author name shown" maxLength={100} hint="Empty uses the author's email name." {...register('authorName')} />
          </>
        )}
        <Select label="Status" {...register('status')} options={ItemStatus.options.map((value) => ({ value, label: ITEM_STATUS_LABELS[value] }))} />
        {status === 'scheduled' && <Field label="Publish on" type="datetime-local" {...register('publishOn')} error={errors.publishOn?.message} />}
        <ErrorText error={failure} />
        {draft && item && (
          <>
            <p className="hint">
              Visitors see this {noun} as {ITEM_STATUS_LABELS[item.status]}
              {item.draft || draft.save.kind !== 'published' ? '; your changes are a draft until you publish.' : '.'}
            </p>
            <SaveStatus save={draft.save} onRetry={draft.retry} onLoadTheirs={draft.loadTheirs} onKeepMine={draft.keepMine} />
          </>
        )}
        {note && (
          <p className="note" role="status">
            {note}
          </p>
        )}
        <div className="row">
          {!draft && (
            <button type="submit" disabled={formState.isSubmitting}>
              Save
            </button>
          )}
          {saved && (
            <button type="button" className="secondary" onClick={remove}>
              Delete
            </button>
          )}
        </div>
      </form>
      {draft && (
        <PublishBar
          pages={[]}
          flush={draft.flush}
          onPublishedOrDiscarded={() => {
            invalidate(itemPath(collection.id, item!.id));
            invalidate(itemsPath(collection.id));
            void draft.refresh();
          }}
        />
      )}
    </>
  );
}
