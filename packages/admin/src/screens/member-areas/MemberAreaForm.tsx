import { zodResolver } from '@hookform/resolvers/zod';
import { MemberAreaFields } from '@emporium/server/member-areas/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { centsToText, parseMoney } from '../../ui/money.js';
import { Select } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import { createMemberArea, deleteMemberArea, MEMBER_AREAS_PATH, type MemberAreaBody, type MemberAreaView, saveMemberArea } from './member-area-calls.js';

type FormInput = (typeof MemberAreaFields)['_zod']['input'];

interface MemberAreaFormProps {
  /** The area to edit; a new one when absent. */
  readonly area?: MemberAreaView;
  /** The store currency of the price. */
  readonly currency: string;
  readonly onDone: () => void;
}

const PERIOD_UNITS = [
  { value: 'WEEK', label: 'Weeks' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Years' },
];

function valuesOf(area: MemberAreaView | undefined, currency: string): FormInput {
  return {
    name: area?.name ?? '',
    description: area?.description ?? '',
    // The input holds the price as the owner types it; `setValueAs` turns it into minor units.
    priceCents: (area ? centsToText(area.priceCents, currency) : '0') as unknown as number,
    billing: area?.billing ?? 'one-time',
    billingPeriod: area?.billingPeriod ?? { value: 1, unit: 'MONTH' },
    trialDays: area?.trialDays ?? 0,
    productItemId: area?.productItemId ?? '',
    gates: area?.gates ?? [],
  };
}

/** Adds or edits a member area: name, description, price, billing, trial, the paywall product that sells it and the pages it gates. */
export function MemberAreaForm({ area, currency, onDone }: MemberAreaFormProps) {
  const pages = useQuery<{ pages: { id: string; title: string; fullUrl: string }[] }>('/api/owner/pages');
  const products = useQuery<{ products: { id: string; title: string }[] }>('/api/owner/catalogue/products?productType=5&limit=100');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, watch, setValue } = useForm<FormInput, unknown, MemberAreaBody>({
    resolver: zodResolver(MemberAreaFields),
    defaultValues: valuesOf(area, currency),
  });
  const { errors } = formState;
  const recurring = watch('billing') === 'recurring';
  const gates = watch('gates') ?? [];
  const gated = new Set(gates.filter((g) => g.kind === 'collection').map((g) => g.id));

  const toggleGate = (id: string, on: boolean) => {
    const others = gates.filter((g) => !(g.kind === 'collection' && g.id === id));
    setValue('gates', on ? [...others, { kind: 'collection', id }] : others, { shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const body: MemberAreaBody = {
      ...values,
      billingPeriod: values.billing === 'recurring' ? values.billingPeriod : null,
      productItemId: values.productItemId || null,
    };
    try {
      if (area) await saveMemberArea(area.id, body);
      else await createMemberArea(body);
      invalidate(MEMBER_AREAS_PATH);
      onDone();
    } catch (error) {
      setFailure(error);
    }
  });

  const remove = async () => {
    if (!area || !window.confirm(`Delete ${area.name}? Its members lose access.`)) return;
    try {
      await deleteMemberArea(area.id);
      invalidate(MEMBER_AREAS_PATH);
      onDone();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="member-area-form-heading" noValidate>
      <h2 id="member-area-form-heading">{area ? `Edit ${area.name}` : 'New member area'}</h2>
      <Field label="Name" {...register('name')} error={errors.name?.message} />
      <TextArea label="Description" {...register('description')} error={errors.description?.message} />
      <Field
        label={`Price (${currency})`}
        hint="0 makes the area free to join."
        inputMode="decimal"
        {...register('priceCents', { setValueAs: (v: unknown) => (typeof v === 'number' ? v : (parseMoney(String(v), currency) ?? Number.NaN)) })}
        error={errors.priceCents ? 'Enter an amount, such as 9.50.' : undefined}
      />
      <Select
        label="Billing"
        options={[
          { value: 'one-time', label: 'One-time payment' },
          { value: 'recurring', label: 'Recurring (a subscription)' },
        ]}
        {...register('billing')}
      />
      {recurring && (
        <fieldset>
          <legend>Billing period</legend>
          <Field
            label="Every"
            type="number"
            min={1}
            max={52}
            {...register('billingPeriod.value', { valueAsNumber: true })}
            error={errors.billingPeriod?.value?.message}
          />
          <Select label="Unit" options={PERIOD_UNITS} {...register('billingPeriod.unit')} />
          <Field
            label="Trial days"
            type="number"
            min={0}
            max={365}
            hint="A free trial: joining charges nothing and keeps the card; the first charge comes when the trial ends. Cancelling during the trial never charges."
            {...register('trialDays', { valueAsNumber: true })}
            error={errors.trialDays?.message}
          />
        </fieldset>
      )}
      <Select
        label="Paywall product that sells it"
        options={[{ value: '', label: 'None' }, ...(products.data?.products ?? []).map((p) => ({ value: p.id, label: p.title }))]}
        {...register('productItemId')}
      />
      <fieldset>
        <legend>Gated pages</legend>
        {pages.data?.pages.length === 0 && <p>No pages yet.</p>}
        {pages.data?.pages.map((page) => (
          <Field
            key={page.id}
            type="checkbox"
            label={`${page.title} (${page.fullUrl})`}
            checked={gated.has(page.id)}
            onChange={(event) => toggleGate(page.id, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <ErrorText error={failure} />
      <p>
        <button type="submit" disabled={formState.isSubmitting}>
          {area ? 'Save member area' : 'Add member area'}
        </button>{' '}
        <button type="button" onClick={onDone}>
          Cancel
        </button>{' '}
        {area && (
          <button type="button" onClick={remove}>
            Delete
          </button>
        )}
      </p>
    </form>
  );
}
