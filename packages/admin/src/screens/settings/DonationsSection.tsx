import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { setData } from '../../api/query-cache.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { centsToText, formatCents, parseMoney } from '../../ui/money.js';
import { TextArea } from '../../ui/TextArea.js';

const SETTINGS_PATH = '/api/owner/donations/settings';
const LIST_PATH = '/api/owner/donations?limit=10';

interface DonationSettings {
  readonly enabled: boolean;
  readonly title: string;
  readonly description: string;
  readonly suggestedAmounts: readonly number[];
  readonly allowCustom: boolean;
  readonly minCents: number;
  readonly maxCents: number;
  readonly allowMonthly: boolean;
  readonly thankYou: string;
}

interface Donation {
  readonly id: string;
  readonly status: string;
  readonly amountText: string;
  readonly donorEmail: string;
  readonly createdAt: string;
  readonly subscription: { readonly state: string } | null;
}

/** Donations: the donation block and donate page's amounts, limits, monthly giving and thank-you text, and the latest donations. */
export function DonationsSection() {
  const settings = useQuery<{ settings: DonationSettings; currency: string }>(SETTINGS_PATH);
  const list = useQuery<{ donations: Donation[] }>(LIST_PATH);
  return (
    <section aria-labelledby="donations-heading" className="stack panel">
      <h2 id="donations-heading">Donations</h2>
      {settings.status === 'loading' && <Loading />}
      <ErrorText error={settings.error} />
      {settings.data && <DonationsForm current={settings.data.settings} currency={settings.data.currency} />}
      {list.data && list.data.donations.length > 0 && (
        <table>
          <caption>Latest donations</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Donor</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {list.data.donations.map((d) => (
              <tr key={d.id}>
                <td>{new Date(d.createdAt).toLocaleDateString()}</td>
                <td>{d.donorEmail}</td>
                <td>{d.amountText}</td>
                <td>{d.subscription ? `${d.status}, monthly ${d.subscription.state}` : d.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DonationsForm({ current, currency }: { readonly current: DonationSettings; readonly currency: string }) {
  const [notice, setNotice] = useState('');
  const [invalid, setInvalid] = useState('');
  const save = useMutation((body: DonationSettings) => api<{ settings: DonationSettings; currency: string }>(SETTINGS_PATH, { method: 'PUT', body }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setNotice('');
    const amounts = String(data.get('suggested') ?? '')
      .split(/[\s;]+/)
      .filter(Boolean)
      .map((text) => parseMoney(text, currency));
    const min = parseMoney(String(data.get('min') ?? ''), currency);
    const max = parseMoney(String(data.get('max') ?? ''), currency);
    if (amounts.some((a) => a === null) || min === null || max === null) {
      setInvalid(`Amounts must be numbers in ${currency}, like ${centsToText(2500, currency)}; separate suggested amounts with spaces.`);
      return;
    }
    setInvalid('');
    const result = await save.run({
      enabled: data.get('enabled') === 'on',
      title: String(data.get('title') ?? ''),
      description: String(data.get('description') ?? ''),
      suggestedAmounts: amounts as number[],
      allowCustom: data.get('allowCustom') === 'on',
      minCents: min,
      maxCents: max,
      allowMonthly: data.get('allowMonthly') === 'on',
      thankYou: String(data.get('thankYou') ?? ''),
    });
    if (result) {
      setData(SETTINGS_PATH, result);
      setNotice('Donation settings saved.');
    }
  };
  return (
    <form onSubmit={submit} className="stack">
      <Field
        label="Take donations"
        name="enabled"
        type="checkbox"
        defaultChecked={current.enabled}
        hint="Shows the donation block and the donate page (/checkout/donate)."
      />
      <Field label="Title" name="title" maxLength={120} defaultValue={current.title} />
      <TextArea label="Description" name="description" maxLength={1000} defaultValue={current.description} />
      <Field
        label={`Suggested amounts (${currency})`}
        name="suggested"
        defaultValue={current.suggestedAmounts.map((a) => centsToText(a, currency)).join(' ')}
        hint={`Up to 6, separated by spaces, for example ${[1000, 2500, 5000].map((a) => centsToText(a, currency)).join(' ')}.`}
      />
      <Field label="Donors may enter another amount" name="allowCustom" type="checkbox" defaultChecked={current.allowCustom} />
      <Field label={`Smallest donation (${currency})`} name="min" required defaultValue={centsToText(current.minCents, currency)} />
      <Field
        label={`Largest donation (${currency})`}
        name="max"
        required
        defaultValue={centsToText(current.maxCents, currency)}
        hint={`Now ${formatCents(current.maxCents, currency)}.`}
      />
      <Field label="Donors may give monthly" name="allowMonthly" type="checkbox" defaultChecked={current.allowMonthly} />
      <TextArea
        label="Thank-you text"
        name="thankYou"
        maxLength={2000}
        defaultValue={current.thankYou}
        hint="Shown on the confirmation page and in the receipt."
      />
      {invalid && (
        <p className="field-error" role="alert">
          {invalid}
        </p>
      )}
      <ErrorText error={save.error} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save donation settings'}
        </button>
      </div>
    </form>
  );
}
