import { zodResolver } from '@hookform/resolvers/zod';
import { SOCIAL_NETWORKS, SiteIdentityForm } from '@emporium/server/site-settings/schemas';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { draftsChanged } from '../../../api/drafts.js';
import { ApiError } from '../../../api/http.js';
import { setData } from '../../../api/query-cache.js';
import { ErrorText } from '../../../ui/ErrorText.js';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { TextArea } from '../../../ui/TextArea.js';
import { HEADER_FOOTER_PATH, type HeaderFooter, saveHeaderFooter } from '../../header-footer/header-footer-calls.js';
import { useLeaveGuard } from './leave-guard.js';
import { SiteSettingsPaths, type SiteSettingsView, type VisitorSettingsView, saveVisitorSettings, type InputOf, type OutputOf } from './site-settings-calls.js';

type VisitorInput = InputOf<typeof SiteIdentityForm>;
type VisitorOutput = OutputOf<typeof SiteIdentityForm>;

const NETWORK_LABELS: Readonly<Record<(typeof SOCIAL_NETWORKS)[number], string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
};

function valuesOf(visitor: VisitorSettingsView, header: HeaderFooter['header']): VisitorInput {
  const { drafted: _drafted, ...rest } = visitor;
  return { ...rest, title: header.title, tagline: header.tagline, logoImageUrl: header.logoImageUrl };
}

interface VisitorSettingsFormProps {
  readonly current: VisitorSettingsView;
  readonly headerFooter: HeaderFooter;
  readonly settings: SiteSettingsView;
}

/** What visitors see: title, tagline, logo, favicon, social image, social accounts, cookie banner; saved as drafts. */
export function VisitorSettingsForm({ current, headerFooter, settings }: VisitorSettingsFormProps) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, reset, setError, control, getFieldState } = useForm<VisitorInput, unknown, VisitorOutput>({
    resolver: zodResolver(SiteIdentityForm),
    defaultValues: valuesOf(current, headerFooter.header),
  });
  const accounts = useFieldArray({ control, name: 'socialAccounts' });
  const { errors } = formState;

  const persist = async (values: VisitorOutput): Promise<boolean> => {
    setNotice('');
    setFailure(null);
    const { title, tagline, logoImageUrl, ...visitor } = values;
    try {
      let header = headerFooter;
      const headerChanged = ['title', 'tagline', 'logoImageUrl'].some((name) => getFieldState(name as FieldPath<VisitorInput>).isDirty);
      if (headerChanged) {
        header = await saveHeaderFooter({ ...headerFooter, header: { ...headerFooter.header, title, tagline, logoImageUrl } });
        setData(HEADER_FOOTER_PATH, header);
      }
      const saved = await saveVisitorSettings(visitor);
      setData(SiteSettingsPaths.SETTINGS, { ...settings, visitor: saved });
      reset(valuesOf(saved, header.header));
      draftsChanged();
      setNotice('Saved as a draft. Publish to show it to visitors.');
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      if (fields.length === 0) setFailure(error);
      for (const [path, message] of fields) setError((path.startsWith('header.') ? path.slice(7) : path) as FieldPath<VisitorInput>, { message });
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
  useLeaveGuard('visitor', {
    name: 'What visitors see',
    dirty: formState.isDirty,
    save: saveNow,
    discard: () => reset(valuesOf(current, headerFooter.header)),
  });

  return (
    <form className="stack site-settings-form" onSubmit={(event) => void handleSubmit(persist)(event)} noValidate aria-labelledby="site-visitor-heading">
      <h3 id="site-visitor-heading">What visitors see</h3>
      <p className="hint">
        Saved changes are drafts: visitors see them once you publish.{current.drafted ? ' Some of these are drafts not published yet.' : ''}
      </p>
      <Field label="Site title" maxLength={200} autoComplete="off" {...register('title')} error={errors.title?.message} />
      <Field label="Tagline" maxLength={200} autoComplete="off" {...register('tagline')} error={errors.tagline?.message} />
      <Field
        label="Logo image address"
        hint="An image address starting with https:// or /; empty for none."
        maxLength={2048}
        {...register('logoImageUrl')}
        error={errors.logoImageUrl?.message}
      />
      <Field
        label="Favicon address"
        hint="The icon of browser tabs and bookmarks: an image starting with https:// or / (a square PNG, SVG or ICO). Empty for the theme's."
        maxLength={2048}
        {...register('faviconUrl')}
        error={errors.faviconUrl?.message}
      />
      <Field
        label="Social image address"
        hint="Shown when a page without its own image is shared (og:image); 1200×630 pixels works best."
        maxLength={2048}
        {...register('socialImageUrl')}
        error={errors.socialImageUrl?.message}
      />
      <fieldset className="stack">
        <legend>Social accounts</legend>
        {accounts.fields.length === 0 && <p className="hint">No accounts listed.</p>}
        {accounts.fields.map((account, index) => (
          <div key={account.id} className="actions">
            <Select
              label={`Network of account ${index + 1}`}
              {...register(`socialAccounts.${index}.network`)}
              options={SOCIAL_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
            />
            <Field
              label={`Profile address of account ${index + 1}`}
              type="url"
              maxLength={2048}
              {...register(`socialAccounts.${index}.url`)}
              error={errors.socialAccounts?.[index]?.url?.message}
            />
            <button type="button" className="secondary" onClick={() => accounts.remove(index)}>
              Remove account {index + 1}
            </button>
          </div>
        ))}
        {accounts.fields.length < 12 && (
          <div className="actions">
            <button type="button" className="secondary" onClick={() => accounts.append({ network: 'instagram', url: 'https://' })}>
              Add a social account
            </button>
          </div>
        )}
      </fieldset>
      <fieldset className="stack">
        <legend>Cookie banner</legend>
        <Field label="Show the cookie banner" type="checkbox" {...register('cookieBanner.enabled')} />
        <TextArea
          label="Banner text"
          hint="Until visitors accept, no visit-counting cookie is set. Their answer is remembered for a year."
          maxLength={500}
          rows={3}
          {...register('cookieBanner.text')}
          error={errors.cookieBanner?.text?.message}
        />
        <Field
          label="Cookie policy page"
          hint="A page of your site such as /privacy, or an https:// address; empty for no link."
          maxLength={2048}
          {...register('cookieBanner.policyUrl')}
          error={errors.cookieBanner?.policyUrl?.message}
        />
      </fieldset>
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save as draft'}
        </button>
      </div>
    </form>
  );
}
