import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { PaymentReconciliation } from './PaymentReconciliation.js';

/** What the server tells the owner about the site's payment providers (never a secret). */
interface PaymentSettings {
  stripe: { publishableKey: string; testMode: boolean; accountCountry: string; connectedBy: string; connectedAt: string } | null;
  webhookPath: string;
}

const PATH = '/api/owner/payments';

/**
 * Connects the site's Stripe account with its publishable key, secret key and webhook signing
 * secret (checked with Stripe, kept sealed on the server, never shown again), shows the
 * connection with a test-mode badge, and disconnects it; below, the payment check's open differences.
 */
export function PaymentsSection() {
  const settings = useQuery<PaymentSettings>(PATH);
  const [notice, setNotice] = useState('');
  const connect = useMutation((keys: Record<string, string>) => api<PaymentSettings>(`${PATH}/stripe`, { method: 'PUT', body: keys }));
  const disconnect = useMutation(() => api<PaymentSettings>(`${PATH}/stripe`, { method: 'DELETE' }));
  const stripe = settings.data?.stripe ?? null;
  const webhookUrl = `${window.location.protocol}//{your site's domain}${settings.data?.webhookPath ?? '/api/commerce/webhooks/stripe'}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setNotice('');
    const result = await connect.run({
      publishableKey: String(data.get('publishableKey') ?? ''),
      secretKey: String(data.get('secretKey') ?? ''),
      webhookSecret: String(data.get('webhookSecret') ?? ''),
    });
    if (result) {
      form.reset();
      invalidate(PATH);
      setNotice(
        result.stripe?.testMode ? 'Stripe is connected in test mode: only test cards are charged.' : 'Stripe is connected: checkout takes real payments.',
      );
    }
  };
  const remove = async () => {
    if (!window.confirm('Disconnect Stripe? Checkout will stop taking card payments through it.')) return;
    setNotice('');
    if (await disconnect.run(undefined)) {
      invalidate(PATH);
      setNotice('Stripe is disconnected.');
    }
  };

  return (
    <section id="payments" aria-labelledby="payments-heading" className="stack panel">
      <h2 id="payments-heading">Payments</h2>
      {stripe ? (
        <p>
          Stripe is connected{stripe.accountCountry ? ` (account in ${stripe.accountCountry})` : ''} with {stripe.publishableKey}{' '}
          {stripe.testMode ? <span className="badge">Test mode</span> : <span className="badge">Live</span>}, by {stripe.connectedBy || 'an owner'} on{' '}
          {new Date(stripe.connectedAt).toLocaleDateString()}.
        </p>
      ) : (
        <p>Connect Stripe to take card payments, 3-D Secure and pay later at checkout. Until then checkout takes test cards only.</p>
      )}
      <p>
        In Stripe, add a webhook endpoint at <code style={{ overflowWrap: 'anywhere' }}>{webhookUrl}</code> and paste its signing secret below.
      </p>
      <form onSubmit={submit} className="stack">
        <Field label="Publishable key" name="publishableKey" autoComplete="off" required hint="Starts with pk_test_ or pk_live_." />
        <Field label="Secret key" name="secretKey" type="password" autoComplete="off" required hint="Starts with sk_ or rk_. Kept sealed; never shown again." />
        <Field label="Webhook signing secret" name="webhookSecret" type="password" autoComplete="off" required hint="Starts with whsec_." />
        <ErrorText error={connect.error ?? disconnect.error ?? settings.error} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" disabled={connect.pending}>
            {connect.pending ? 'Checking with Stripe…' : stripe ? 'Replace keys' : 'Connect Stripe'}
          </button>
          {stripe && (
            <button type="button" className="secondary" disabled={disconnect.pending} onClick={remove}>
              Disconnect Stripe
            </button>
          )}
        </div>
      </form>
      <PaymentReconciliation />
    </section>
  );
}
