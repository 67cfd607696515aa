import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ActiveToggle } from './ActiveToggle.js';
import { ratePercentOf } from './tax-rate.js';

const TAXES_PATH = '/api/owner/tax-rules';

interface TaxRule {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly region: string;
  /** Percent with at most three decimals (8.875). */
  readonly ratePercent: number;
  readonly appliesToShipping: boolean;
  readonly active: boolean;
}

/** Tax rules: create, turn off or on. */
export default function TaxesScreen() {
  const list = useQuery<{ taxRules: TaxRule[] }>(TAXES_PATH);
  const [notice, setNotice] = useState('');
  const [rateError, setRateError] = useState<string | undefined>();
  const create = useMutation((body: unknown) => api<TaxRule>(TAXES_PATH, { method: 'POST', body }), [TAXES_PATH]);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const ratePercent = ratePercentOf(String(data.get('rate') ?? ''));
    if (ratePercent === null) {
      setRateError('Enter the rate as a percentage from 0 to 100 with at most three decimals, like 20 or 8.875.');
      return;
    }
    setRateError(undefined);
    setNotice('');
    const created = await create.run({
      name: String(data.get('name') ?? ''),
      country: String(data.get('country') ?? '').trim(),
      region: String(data.get('region') ?? '').trim(),
      ratePercent,
      appliesToShipping: data.get('appliesToShipping') === 'on',
    });
    if (created) {
      form.reset();
      setNotice(`Tax rule ${created.name} created.`);
    }
  };
  return (
    <>
      <ScreenHeading>Taxes</ScreenHeading>
      {list.status === 'loading' && <Loading />}
      <ErrorText error={list.error} />
      {list.data && list.data.taxRules.length === 0 && <p>No tax rules yet.</p>}
      {list.data && list.data.taxRules.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Tax rules</caption>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Where</th>
                <th scope="col">Rate</th>
                <th scope="col">On shipping</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.taxRules.map((rule) => (
                <tr key={rule.id}>
                  <td>{rule.name}</td>
                  <td>{[rule.country || 'Everywhere', rule.region].filter(Boolean).join(', ')}</td>
                  <td>{rule.ratePercent.toString()}%</td>
                  <td>{rule.appliesToShipping ? 'Yes' : 'No'}</td>
                  <td>{rule.active ? 'On' : 'Off'}</td>
                  <td>
                    <ActiveToggle path={`${TAXES_PATH}/${encodeURIComponent(rule.id)}`} listPath={TAXES_PATH} active={rule.active} label={rule.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="new-tax-heading" className="stack panel">
        <h2 id="new-tax-heading">New tax rule</h2>
        <form onSubmit={submit} className="stack">
          <Field label="Name" name="name" required maxLength={100} error={fields.name} />
          <Field
            label="Country"
            name="country"
            maxLength={2}
            hint="Two-letter code such as GB; leave empty for everywhere."
            error={fields.country}
            autoComplete="off"
          />
          <Field
            label="Region"
            name="region"
            maxLength={100}
            hint="State or region code; leave empty for the whole country."
            error={fields.region}
            autoComplete="off"
          />
          <Field label="Rate (%)" name="rate" inputMode="decimal" required error={fields.ratePercent ?? rateError} />
          <Field label="Also tax shipping" name="appliesToShipping" type="checkbox" />
          <ErrorText error={Object.keys(fields).length === 0 ? create.error : null} />
          <p role="status">{notice}</p>
          <button type="submit" disabled={create.pending}>
            {create.pending ? 'Saving…' : 'Create tax rule'}
          </button>
        </form>
      </section>
    </>
  );
}
