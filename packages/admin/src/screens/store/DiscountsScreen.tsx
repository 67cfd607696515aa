import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { ActiveToggle } from './ActiveToggle.js';
import { centsOf, centsText } from './store-money.js';

const COUPONS_PATH = '/api/owner/coupons';

interface Coupon {
  readonly id: string;
  readonly code: string;
  readonly kind: 'PERCENT' | 'FIXED' | 'FREE_SHIPPING';
  readonly amount: number;
  readonly minSubtotalCents: number;
  readonly maxUses: number | null;
  readonly timesUsed: number;
  readonly active: boolean;
}

const KINDS = [
  { value: 'PERCENT', label: 'Percent off' },
  { value: 'FIXED', label: 'Amount off' },
  { value: 'FREE_SHIPPING', label: 'Free shipping' },
];

function discountText(coupon: Coupon): string {
  if (coupon.kind === 'PERCENT') return `${coupon.amount}% off`;
  if (coupon.kind === 'FIXED') return `${centsText(coupon.amount)} off`;
  return 'Free shipping';
}

/** Coupons: create, turn off or on. */
export default function DiscountsScreen() {
  const list = useQuery<{ coupons: Coupon[] }>(COUPONS_PATH);
  const [notice, setNotice] = useState('');
  const [moneyError, setMoneyError] = useState<string | undefined>();
  const create = useMutation((body: unknown) => api<Coupon>(COUPONS_PATH, { method: 'POST', body }), [COUPONS_PATH]);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const kind = String(data.get('kind'));
    const amountText = String(data.get('amount') ?? '').trim() || '0';
    const minimum = centsOf(String(data.get('minimum') ?? '').trim() || '0');
    const amount = kind === 'FIXED' ? centsOf(amountText) : kind === 'PERCENT' ? Number(amountText) : 0;
    if (amount === null || Number.isNaN(amount) || minimum === null) {
      setMoneyError('Enter amounts like 5 or 12.50.');
      return;
    }
    setMoneyError(undefined);
    setNotice('');
    const maxUses = String(data.get('maxUses') ?? '').trim();
    const created = await create.run({
      code: String(data.get('code') ?? ''),
      kind,
      amount,
      minSubtotalCents: minimum,
      maxUses: maxUses ? Number(maxUses) : null,
    });
    if (created) {
      form.reset();
      setNotice(`Coupon ${created.code} created.`);
    }
  };
  return (
    <>
      <ScreenHeading>Discounts</ScreenHeading>
      {list.status === 'loading' && <Loading />}
      <ErrorText error={list.error} />
      {list.data && list.data.coupons.length === 0 && <p>No coupons yet.</p>}
      {list.data && list.data.coupons.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Coupons</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Minimum order</th>
                <th scope="col">Used</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td>{coupon.code}</td>
                  <td>{discountText(coupon)}</td>
                  <td>{coupon.minSubtotalCents > 0 ? centsText(coupon.minSubtotalCents) : 'None'}</td>
                  <td>
                    {coupon.timesUsed}
                    {coupon.maxUses !== null ? ` of ${coupon.maxUses}` : ''}
                  </td>
                  <td>{coupon.active ? 'On' : 'Off'}</td>
                  <td>
                    <ActiveToggle
                      path={`${COUPONS_PATH}/${encodeURIComponent(coupon.id)}`}
                      listPath={COUPONS_PATH}
                      active={coupon.active}
                      label={`coupon ${coupon.code}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="new-coupon-heading" className="stack panel">
        <h2 id="new-coupon-heading">New coupon</h2>
        <form onSubmit={submit} className="stack">
          <Field
            label="Code"
            name="code"
            required
            maxLength={64}
            pattern="[A-Za-z0-9_\-]+"
            hint="Letters, digits, - and _."
            error={fields.code}
            autoComplete="off"
          />
          <Select label="Kind" name="kind" options={KINDS} defaultValue="PERCENT" />
          <Field
            label="Amount"
            name="amount"
            inputMode="decimal"
            hint="A percentage for percent off, money for amount off; ignored for free shipping."
            error={fields.amount ?? moneyError}
          />
          <Field label="Minimum order" name="minimum" inputMode="decimal" hint="Leave empty for none." error={fields.minSubtotalCents} />
          <Field label="Use limit" name="maxUses" type="number" min={1} hint="Leave empty for no limit." error={fields.maxUses} />
          <ErrorText error={Object.keys(fields).length === 0 ? create.error : null} />
          <p role="status">{notice}</p>
          <button type="submit" disabled={create.pending}>
            {create.pending ? 'Saving…' : 'Create coupon'}
          </button>
        </form>
      </section>
    </>
  );
}
