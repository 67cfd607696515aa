import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CommercePreferencesForm as PreferencesForm } from '@emporium/server/site-settings/schemas';
import { api, errorMessage } from '../../../api/http.js';
import { Field } from '../../../ui/Field.js';
import { TextArea } from '../../../ui/TextArea.js';
import { useLeaveGuard } from './leave-guard.js';
import type { OutputOf } from './site-settings-calls.js';

/** The spec 7 call of one namespace's commerce preferences (packages/server/src/site-layout/preference-routes.ts). */
const preferencesPath = (namespace: string) => `/api/v1/commerce-preferences/${encodeURIComponent(namespace)}`;

type PreferencesValues = OutputOf<typeof PreferencesForm>;

/**
 * Commerce preferences (spec 3: a namespaced object; websiteId is never stored nor answered; the
 * server stores a namespace only when it changed). Fetch and save errors are reported here.
 */
export function CommercePreferencesForm() {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const { register, handleSubmit, formState, reset, getValues, trigger } = useForm<PreferencesValues>({
    resolver: zodResolver(PreferencesForm),
    defaultValues: { namespace: 'store', json: '{}' },
  });
  const { errors } = formState;

  const load = async () => {
    setNotice('');
    setProblem('');
    if (!(await trigger('namespace'))) return;
    const namespace = getValues('namespace').trim();
    try {
      const value = await api<Record<string, unknown>>(preferencesPath(namespace));
      reset({ namespace, json: JSON.stringify(value, null, 2) });
      setLoaded(namespace);
    } catch (error) {
      setProblem(`Unable to load the preferences of “${namespace}”: ${errorMessage(error)}`);
    }
  };
  const persist = async (values: PreferencesValues): Promise<boolean> => {
    setNotice('');
    setProblem('');
    try {
      const saved = await api<Record<string, unknown>>(preferencesPath(values.namespace), { method: 'PUT', body: JSON.parse(values.json) });
      reset({ namespace: values.namespace, json: JSON.stringify(saved, null, 2) });
      setLoaded(values.namespace);
      setNotice(`Preferences of “${values.namespace}” saved.`);
      return true;
    } catch (error) {
      setProblem(`Unable to save the preferences of “${values.namespace}”: ${errorMessage(error)}`);
      return false;
    }
  };
  const saveNow = () =>
    new Promise<boolean>(
      (resolve) =>
        void handleSubmit(
          async (values) => resolve(await persist(values)),
          () => resolve(false),
        )(),
    );
  useLeaveGuard('preferences', { name: 'Commerce preferences', dirty: formState.dirtyFields.json === true, save: saveNow, discard: () => reset() });

  return (
    <form className="stack site-settings-form" onSubmit={(event) => void handleSubmit(persist)(event)} noValidate aria-labelledby="site-preferences-heading">
      <h3 id="site-preferences-heading">Commerce preferences</h3>
      <p className="hint">Settings kept by name for store features and integrations. Saved changes apply at once.</p>
      <div className="actions">
        <Field label="Namespace" autoComplete="off" maxLength={64} {...register('namespace')} error={errors.namespace?.message} />
        <button type="button" className="secondary" onClick={() => void load()}>
          Load preferences
        </button>
      </div>
      <TextArea
        label={loaded ? `Preferences of “${loaded}” (JSON)` : 'Preferences (JSON)'}
        rows={6}
        spellCheck={false}
        {...register('json')}
        error={errors.json?.message}
      />
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save preferences'}
        </button>
      </div>
    </form>
  );
}
