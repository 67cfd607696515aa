import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ActiveToggle } from './ActiveToggle.js';
import { centsOf, centsText } from './store-money.js';

const SHIPPING_PATH = '/api/owner/shipping-options';

interface ShippingOption {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly freeOverCents: number;
  readonly countries: readonly string[];
  readonly active: boolean;
}

/** Countries typed as 'US, ca gb' in the server's form (['US', 'CA', 'GB']). */
export function countryList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** Shipping options: create, turn off or on. */
export default function ShippingScreen() {
  const list = useQuery<{ shippingOptions: ShippingOption[] }>(SHIPPING_PATH);
  const [notice, setNotice] = useState('');
  const [moneyError, setMoneyError] = useState<string | undefined>();
  const create = useMutation((body: unknown) => api<ShippingOption>(SHIPPING_PATH, { method: 'POST', body }), [SHIPPING_PATH]);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const priceCents = centsOf(String(data.get('price') ?? '').trim() || '0');
    const freeOverCents = centsOf(String(data.get('freeOver') ?? '').trim() || '0');
    if (priceCents === null || freeOverCents === null) {
      setMoneyError('Enter amounts like 5 or 12.50.');
      return;
    }
    setMoneyError(undefined);
    setNotice('');
    const created = await create.run({
      name: String(data.get('name') ?? ''),
      priceCents,
      freeOverCents,
      countries: countryList(String(data.get('countries') ?? '')),
    });
    if (created) {
      form.reset();
      setNotice(`Shipping option ${created.name} created.`);
    }
  };
  return (
    <>
      <ScreenHeading>Shipping</ScreenHeading>
      {list.status === 'loading' && <Loading />}
      <ErrorText error={list.error} />
      {list.data && list.data.shippingOptions.length === 0 && <p>No shipping options yet.</p>}
      {list.data && list.data.shippingOptions.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Shipping options in display order</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Price</th>
                <th scope="col">Free from</th>
                <th scope="col">Countries</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.shippingOptions.map((option) => (
                <tr key={option.id}>
                  <td>{option.name}</td>
                  <td>{centsText(option.priceCents)}</td>
                  <td>{option.freeOverCents > 0 ? centsText(option.freeOverCents) : 'Never'}</td>
                  <td>{option.countries.length > 0 ? option.countries.join(', ') : 'Everywhere'}</td>
                  <td>{option.active ? 'On' : 'Off'}</td>
                  <td>
                    <ActiveToggle
                      path={`${SHIPPING_PATH}/${encodeURIComponent(option.id)}`}
                      listPath={SHIPPING_PATH}
                      active={option.active}
                      label={option.name}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="new-shipping-heading" className="stack panel">
        <h2 id="new-shipping-heading">New shipping option</h2>
        <form onSubmit={submit} className="stack">
          <Field label="Name" name="name" required maxLength={100} error={fields.name} />
          <Field label="Price" name="price" inputMode="decimal" required error={fields.priceCents ?? moneyError} />
          <Field label="Free for orders from" name="freeOver" inputMode="decimal" hint="Leave empty to never ship free." error={fields.freeOverCents} />
          <Field
            label="Countries"
            name="countries"
            hint="Two-letter codes such as US, CA; leave empty for everywhere."
            error={fields.countries ?? Object.entries(fields).find(([key]) => key.startsWith('countries.'))?.[1]}
            autoComplete="off"
          />
          <ErrorText error={Object.keys(fields).length === 0 ? create.error : null} />
          <p role="status">{notice}</p>
          <button type="submit" disabled={create.pending}>
            {create.pending ? 'Saving…' : 'Create shipping option'}
          </button>
        </form>
      </section>
    </>
  );
}
