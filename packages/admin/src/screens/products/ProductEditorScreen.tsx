import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { ApiError, api, errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { Link, navigate } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { TextArea } from '../../ui/TextArea.js';
import { leaveCreatedNote, takeCreatedNote } from './created-note.js';
import { DigitalFilePanel } from './DigitalFilePanel.js';
import { GiftCardAmounts } from './GiftCardAmounts.js';
import { OptionsPanel } from './OptionsPanel.js';
import { loadPhotos, NO_PENDING_PHOTOS, photoName, uploadPendingPhotos, type PendingPhotos, type ProductPhoto } from './photo-calls.js';
import { PhotosPanel } from './PhotosPanel.js';
import {
  amountsOf,
  BULK_PRICES_PATH,
  blankRow,
  changesOf,
  DIGITAL_TYPE,
  detailsOf,
  FORM_PATHS,
  GIFT_CARD_TYPE,
  generateMatrix,
  giftCardVariants,
  listOf,
  MerchandisingFields,
  PRODUCT_TYPES,
  ProductDetails,
  ProductFields,
  PRODUCTS_PATH,
  rowOf,
  STOCK_IMPORT_PATH,
  stockCsv,
  stockPath,
  STOCKED_TYPES,
  SUBSCRIBABLE_TYPES,
  variantInputOf,
  type DetailsInput,
  type DetailsOutput,
  type ProductView,
  type RowErrors,
  type VariantRow,
} from './product-model.js';
import { ListField } from './ListField.js';
import { saveStock, splitServerFields } from './product-saving.js';
import { SeoPanel } from './SeoPanel.js';
import { SellingPanel } from './SellingPanel.js';
import { StoreField } from './StoreField.js';
import { SubscriptionPanel } from './SubscriptionPanel.js';
import { VisibilityPanel } from './VisibilityPanel.js';
import { VariantGrid } from './VariantGrid.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './products.css';

type Outcome = { kind: 'saved'; message: string } | { kind: 'conflict'; message: string } | { kind: 'error'; error: unknown } | null;

/** The editor of one product (new when `product` is absent). */
function ProductEditor({ loaded }: { readonly loaded: ProductView | undefined }) {
  const [product, setProduct] = useState(loaded);
  const headingId = useId();
  const formId = `${headingId}-form`;
  const form = useForm<DetailsInput, unknown, DetailsOutput>({ resolver: zodResolver(ProductDetails), defaultValues: detailsOf(product), mode: 'onTouched' });
  const { register, control, handleSubmit, formState, watch, setError, getValues, getFieldState, trigger } = form;
  const [rows, setRows] = useState<VariantRow[]>(() => (product ? product.variants.map(rowOf) : [blankRow('')]));
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [gridOptions, setGridOptions] = useState(() => product?.options ?? []);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [createdNote] = useState(takeCreatedNote);
  const [topNote, setTopNote] = useState('');
  const [pendingPhotos, setPendingPhotos] = useState<PendingPhotos>(NO_PENDING_PHOTOS);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [matrixNote, setMatrixNote] = useState('');
  const [photos, setPhotos] = useState<readonly ProductPhoto[]>([]);
  const [amounts, setAmounts] = useState<string[]>(() => (product?.productType === GIFT_CARD_TYPE ? amountsOf(rows) : ['']));
  const [amountErrors, setAmountErrors] = useState<Record<number, string>>({});
  const productType = Number(watch('productType'));
  const giftCard = productType === GIFT_CARD_TYPE;
  const errors = formState.errors;
  const photoChoices = useMemo(() => photos.map((photo, index) => ({ id: photo.id, label: photoName(photo, index) })), [photos]);

  useEffect(() => {
    // Filled after the first paint, so the status region announces it.
    if (createdNote) setTopNote(createdNote);
  }, [createdNote]);

  useEffect(() => {
    // A complaint goes as soon as its field is fixed, not when the field loses the focus: a
    // message vanishing on blur would move the button under the pointer between press and release.
    const subscription = watch((_values, { name, type }) => {
      if (type === 'change' && name && getFieldState(name).error) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

  useEffect(() => {
    if (!product?.id) return;
    const controller = new AbortController();
    loadPhotos(product.id, controller.signal).then(setPhotos, () => {
      if (!controller.signal.aborted) setPhotos([]);
    });
    return () => controller.abort();
  }, [product?.id]);

  /** Shows the product as the server has it now (after a save, or to see another owner's save). */
  const reload = async (message: string) => {
    if (!product) return;
    try {
      const fresh = await api<ProductView>(`${PRODUCTS_PATH}/${encodeURIComponent(product.id)}`);
      setProduct(fresh);
      form.reset(detailsOf(fresh));
      setRows(fresh.variants.map(rowOf));
      setGridOptions(fresh.options);
      if (fresh.productType === GIFT_CARD_TYPE) setAmounts(amountsOf(fresh.variants.map(rowOf)));
      setAmountErrors({});
      setRowErrors({});
      setMatrixNote('');
      setOutcome(message ? { kind: 'saved', message } : null);
    } catch (error) {
      setOutcome({ kind: 'error', error });
    }
  };

  const onChange = useCallback((key: string, patch: Partial<VariantRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setRowErrors((current) => {
      if (!current[key]) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }, []);
  const onRemove = useCallback((key: string) => setRows((current) => (current.length > 1 ? current.filter((row) => row.key !== key) : current)), []);
  const onBulk = useCallback((keys: ReadonlySet<string>, patch: Partial<VariantRow>) => {
    setRows((current) => current.map((row) => (keys.has(row.key) ? { ...row, ...patch } : row)));
  }, []);

  const generate = async () => {
    if (!(await trigger('options'))) {
      setMatrixNote('Fix the options first.');
      return;
    }
    const options = ProductDetails.shape.options.parse(getValues('options'));
    const next = generateMatrix(options, rows, getValues('title') || product?.urlId || 'SKU');
    if (next.length > 2000) {
      setMatrixNote(`These options make ${next.length} variants; a product has 2,000 at most.`);
      return;
    }
    setGridOptions(options);
    setRows(next);
    setRowErrors({});
    setMatrixNote(
      `${next.length} ${next.length === 1 ? 'variant' : 'variants'} from ${options.length} ${options.length === 1 ? 'option' : 'options'}. Save to keep them.`,
    );
  };

  const save = handleSubmit(async (formDetails) => {
    setOutcome(null);
    setOtherErrors([]);
    setAmountErrors({});
    // Only physical products and services sell as subscriptions; the plan is sent when the product
    // sells as one (else the stored plan, if any, is kept for later).
    const subscribable = SUBSCRIBABLE_TYPES.includes(formDetails.productType) && formDetails.isSubscribable === true;
    let details = {
      ...formDetails,
      isSubscribable: subscribable,
      subscriptionPlan: subscribable ? formDetails.subscriptionPlan : (product?.subscriptionPlan ?? null),
    };
    let saveRows = rows;
    if (details.productType === GIFT_CARD_TYPE) {
      const made = giftCardVariants(amounts, rows, details.title || product?.urlId || 'GIFT');
      if ('errors' in made) {
        setAmountErrors(made.errors);
        setOtherErrors(['Some gift card amounts have mistakes; see the marked amounts.']);
        return;
      }
      saveRows = made.rows;
      details = { ...details, options: [made.option] };
      setRows(made.rows);
      setGridOptions([made.option]);
    }
    const inputs = [];
    const bad: Record<string, RowErrors> = {};
    for (const row of saveRows) {
      const result = variantInputOf(row);
      if ('errors' in result) bad[row.key] = result.errors;
      else inputs.push(result.input);
    }
    setRowErrors(bad);
    if (Object.keys(bad).length > 0) {
      setOtherErrors([`${Object.keys(bad).length} ${Object.keys(bad).length === 1 ? 'variant has' : 'variants have'} mistakes; see the marked cells.`]);
      return;
    }
    const optionsChanged = details.productType !== GIFT_CARD_TYPE && JSON.stringify(details.options) !== JSON.stringify(gridOptions);
    if (optionsChanged) {
      setOtherErrors(['The options changed since the variants were made: press “Make variants from the options” first.']);
      return;
    }
    const whole = ProductFields.safeParse({ ...details, variants: inputs });
    if (!whole.success) {
      setOtherErrors(whole.error.issues.map((issue) => issue.message));
      return;
    }
    setSaving(true);
    try {
      if (!product) {
        const created = await api<ProductView>(PRODUCTS_PATH, { method: 'POST', body: whole.data });
        invalidate(PRODUCTS_PATH);
        const { uploaded, refused } = await uploadPendingPhotos(created.id, pendingPhotos);
        leaveCreatedNote(created.title, uploaded, refused);
        navigate(`/products/${encodeURIComponent(created.id)}`, { replace: true });
        return;
      }
      const before = ProductDetails.safeParse(detailsOf(product));
      const beforeDetails = before.success ? { ...before.data, subscriptionPlan: product.subscriptionPlan } : undefined;
      const detailsChanged = !beforeDetails || JSON.stringify(beforeDetails) !== JSON.stringify(details);
      const changes = changesOf(product.variants, inputs, detailsChanged);
      let sent = 0;
      if (changes.needsProductSave) {
        await api<ProductView>(`${PRODUCTS_PATH}/${encodeURIComponent(product.id)}`, { method: 'PUT', body: { ...whole.data, version: product.version } });
        sent += 1;
      } else if (changes.prices.length > 0) {
        // The bulk price call carries no version: check the product was not saved by someone else meanwhile.
        const current = await api<ProductView>(`${PRODUCTS_PATH}/${encodeURIComponent(product.id)}`);
        if (current.version !== product.version) {
          setOutcome({
            kind: 'conflict',
            message: `Someone else saved this product while you were editing it (you started from version ${product.version}; it is now at version ${current.version}). Nothing was saved: reload the product to see their changes, then make yours again.`,
          });
          return;
        }
        await api(BULK_PRICES_PATH, { method: 'POST', body: { changes: changes.prices } });
        sent += 1;
      }
      const rejected = await saveStock(changes.stock);
      setOtherErrors(rejected);
      invalidate(PRODUCTS_PATH);
      const parts = [
        changes.needsProductSave ? 'the product' : '',
        !changes.needsProductSave && changes.prices.length ? `${changes.prices.length} ${changes.prices.length === 1 ? 'price' : 'prices'}` : '',
        changes.stock.length ? `${changes.stock.length} stock ${changes.stock.length === 1 ? 'level' : 'levels'}` : '',
      ].filter(Boolean);
      await reload(sent + changes.stock.length === 0 ? 'Nothing changed.' : `Saved ${parts.join(', ')}.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !error.fields?.urlId && /version/.test(error.message)) {
        setOutcome({ kind: 'conflict', message: error.message });
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const { form: formFields, grid } = splitServerFields(error.fields, saveRows);
        setRowErrors(grid);
        const unplaced: string[] = [];
        for (const [path, message] of formFields) {
          if (FORM_PATHS.test(path)) {
            setError(path as FieldPath<DetailsInput>, { type: 'server', message }, { shouldFocus: true });
          } else unplaced.push(message);
        }
        setOtherErrors(unplaced);
        setOutcome({ kind: 'error', error });
      } else if (error instanceof ApiError && error.status === 409 && /URL slug/.test(error.message)) {
        setError('urlId', { type: 'server', message: error.message }, { shouldFocus: true });
        setOutcome({ kind: 'error', error });
      } else {
        setOutcome({ kind: 'error', error });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormProvider {...form}>
      <p className="breadcrumb">
        <Link to="/products">Products</Link>
      </p>
      <ScreenHeading>{product ? `Edit ${product.title}` : 'New product'}</ScreenHeading>
      <p role="status" className={topNote ? 'top-note' : 'top-note empty'}>
        {topNote}
      </p>
      {product && (
        <p className="hint">
          /{product.urlId} · version {product.version} · {product.variants.length} {product.variants.length === 1 ? 'variant' : 'variants'}
        </p>
      )}
      <form id={formId} className="product-editor stack" onSubmit={save} noValidate aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Product details
        </h2>
        <section className="panel stack" aria-labelledby={`${headingId}-about`}>
          <h2 id={`${headingId}-about`}>About the product</h2>
          <StoreField />
          <div className="field">
            <label htmlFor={`${headingId}-type`}>Product type</label>
            <select id={`${headingId}-type`} {...register('productType', { valueAsNumber: true })}>
              {PRODUCT_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <Field label="Title" maxLength={200} autoComplete="off" {...register('title')} error={errors.title?.message} />
          <Field
            label="URL slug"
            hint="Lower-case letters, digits and hyphens; made from the title when left empty."
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            {...register('urlId', { setValueAs: (v: string | undefined) => (v?.trim() ? v.trim() : undefined) })}
            error={errors.urlId?.message}
          />
          <TextArea
            label="Description"
            hint="Shown on the product page; HTML is allowed."
            rows={6}
            {...register('description')}
            error={errors.description?.message}
          />
          <TextArea
            label="Excerpt"
            hint="A short summary for product lists and search results."
            rows={2}
            {...register('excerpt')}
            error={errors.excerpt?.message}
          />
          <ListField control={control} name="tags" label="Tags" hint="Separate tags with commas." />
          <ListField control={control} name="categories" label="Categories" hint="Separate categories with commas." />
        </section>

        <VisibilityPanel headingId={`${headingId}-visibility`} />

        {giftCard ? (
          <GiftCardAmounts
            headingId={`${headingId}-amounts`}
            amounts={amounts}
            errors={amountErrors}
            onChange={(next) => {
              setAmounts(next);
              setAmountErrors({});
            }}
          />
        ) : (
          <>
            <OptionsPanel headingId={`${headingId}-options`} onGenerate={generate} note={matrixNote} />
            <section className="panel stack" aria-labelledby={`${headingId}-variants`}>
              <h2 id={`${headingId}-variants`}>
                Variants <span className="count">({rows.length})</span>
              </h2>
              <p className="hint">Prices in the store’s currency; stock of saved variants is counted by the inventory.</p>
              <VariantGrid rows={rows} photos={photoChoices} options={gridOptions} errors={rowErrors} onChange={onChange} onRemove={onRemove} onBulk={onBulk} />
            </section>
          </>
        )}

        {SUBSCRIBABLE_TYPES.includes(productType) && <SubscriptionPanel headingId={`${headingId}-subscription`} />}
        <SellingPanel headingId={`${headingId}-selling`} stocked={STOCKED_TYPES.includes(productType)} />
        <SeoPanel headingId={`${headingId}-seo`} />
      </form>

      {productType === DIGITAL_TYPE && (
        <section className="panel stack" aria-labelledby={`${headingId}-digital-file`}>
          <h2 id={`${headingId}-digital-file`}>File to download</h2>
          <DigitalFilePanel productId={product?.productType === DIGITAL_TYPE ? product.id : undefined} />
        </section>
      )}

      <section className="panel stack photos" aria-labelledby={`${headingId}-photos`}>
        <h2 id={`${headingId}-photos`}>Photos</h2>
        <PhotosPanel
          productId={product?.id}
          pending={pendingPhotos}
          onPendingChange={setPendingPhotos}
          mainImageUrl={product?.imageUrl ?? null}
          photos={photos}
          onPhotosChange={setPhotos}
        />
      </section>

      <div className="save-bar stack">
        {outcome?.kind === 'conflict' && (
          <div role="alert" className="conflict panel">
            <p>
              <strong>Not saved: this product changed.</strong> {outcome.message}
            </p>
            <p className="hint">Your edits are still on this page; note them down before you reload.</p>
            <button type="button" onClick={() => reload('')}>
              Reload the product
            </button>
          </div>
        )}
        {outcome?.kind === 'error' && <ErrorText error={outcome.error} />}
        <p role="status" className="saved-note">
          {outcome?.kind === 'saved' ? outcome.message : ''}
        </p>
        {otherErrors.length > 0 && (
          <div role="alert" className="field-error">
            {otherErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        {Object.keys(errors).length > 0 && outcome?.kind !== 'conflict' && (
          <p role="alert" className="field-error">
            The product has mistakes; see the marked fields.
          </p>
        )}
        <button type="submit" form={formId} disabled={saving}>
          {saving ? 'Saving…' : product ? 'Save product' : 'Create product'}
        </button>
      </div>
    </FormProvider>
  );
}

/** The product editor at /products/new and /products/{productId}. */
export default function ProductEditorScreen({ productId }: { readonly productId?: string }) {
  const [state, setState] = useState<{ product?: ProductView; error?: unknown }>({});
  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    api<ProductView>(`${PRODUCTS_PATH}/${encodeURIComponent(productId)}`, { signal: controller.signal }).then(
      (product) => setState({ product }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      },
    );
    return () => controller.abort();
  }, [productId]);

  if (!productId) return <ProductEditor loaded={undefined} />;
  if (!state.product && !state.error) return <Loading />;
  if (!state.product) {
    return (
      <>
        <p className="breadcrumb">
          <Link to="/products">Products</Link>
        </p>
        <ScreenHeading>Product not found</ScreenHeading>
        <p role="alert" className="error">
          {errorMessage(state.error)}
        </p>
      </>
    );
  }
  return <ProductEditor loaded={state.product} />;
}
