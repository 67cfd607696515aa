import { useState } from 'react';
import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTIONS_PATH, type SubscriptionActionName, type SubscriptionListItem } from './subscription-types.js';

interface SubscriptionActionsProps {
  readonly subscription: SubscriptionListItem;
}

/** Pause, resume or cancel one subscription; each asks to confirm, naming the customer, before it is sent. */
export function SubscriptionActions({ subscription }: SubscriptionActionsProps) {
  const [asking, setAsking] = useState<SubscriptionActionName | null>(null);
  const act = useMutation(
    (action: SubscriptionActionName) => api(`${SUBSCRIPTIONS_PATH}/${encodeURIComponent(subscription.id)}/${action}`, { method: 'POST', body: {} }),
    [SUBSCRIPTIONS_PATH],
  );
  const allowed = SUBSCRIPTION_ACTIONS.filter((candidate) => (candidate.from as readonly string[]).includes(subscription.state));
  const confirm = async (action: SubscriptionActionName) => {
    await act.run(action);
    setAsking(null);
  };
  if (allowed.length === 0) return null;
  const question = SUBSCRIPTION_ACTIONS.find((candidate) => candidate.action === asking);
  const questionId = `confirm-${subscription.id}`;
  return (
    <div className="stack">
      <ErrorText error={act.error} />
      {question ? (
        <div role="alertdialog" aria-labelledby={questionId} className="stack">
          <p id={questionId}>
            <strong>{`${question.label} the subscription of ${subscription.customerEmail}?`}</strong>
            {question.action === 'cancel' ? ' It will not be charged again. This cannot be undone.' : ''}
          </p>
          <div className="actions">
            <button type="button" onClick={() => void confirm(question.action)} disabled={act.pending}>
              {`${question.label} subscription`}
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(null)}>
              Keep it as it is
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          {allowed.map((candidate) => (
            <button
              key={candidate.action}
              type="button"
              className={candidate.action === 'cancel' ? 'secondary' : undefined}
              aria-label={`${candidate.label} the subscription of ${subscription.customerEmail}`}
              onClick={() => setAsking(candidate.action)}
            >
              {candidate.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
