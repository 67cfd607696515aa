import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { ApiError } from '../../api/http.js';
import { draftsChanged } from '../../api/drafts.js';
import { setData } from '../../api/query-cache.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { TextArea } from '../../ui/TextArea.js';
import { HEADER_FOOTER_PATH, type HeaderFooter, saveHeaderFooter } from './header-footer-calls.js';

/** The header and footer form; the server's per-field refusals show at their fields. */
export function HeaderFooterEditor({ current }: { readonly current: HeaderFooter }) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<HeaderFooter>({ defaultValues: current });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setNotice('');
    setFailure(null);
    try {
      const saved = await saveHeaderFooter(values);
      setData(HEADER_FOOTER_PATH, saved);
      reset(saved);
      draftsChanged();
      setNotice('Header and footer saved as a draft. Publish to show them to visitors.');
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fields)) setError(path as FieldPath<HeaderFooter>, { message });
      }
    }
  });

  return (
    <form className="stack hf-form" onSubmit={(event) => void submit(event)} noValidate>
      <section aria-labelledby="hf-header" className="stack panel">
        <h2 id="hf-header">Header</h2>
        <Field label="Site title" maxLength={200} autoComplete="off" {...register('header.title')} error={errors.header?.title?.message} />
        <Field label="Tagline" maxLength={200} autoComplete="off" {...register('header.tagline')} error={errors.header?.tagline?.message} />
        <Field
          label="Logo image address"
          hint="An image address starting with https:// or /; leave empty for none."
          maxLength={2048}
          {...register('header.logoImageUrl')}
          error={errors.header?.logoImageUrl?.message}
        />
        <fieldset>
          <legend>Show in the header</legend>
          <Field label="Logo" type="checkbox" {...register('header.showLogo')} />
          <Field label="Site title" type="checkbox" {...register('header.showTitle')} />
          <Field label="Tagline" type="checkbox" {...register('header.showTagline')} />
        </fieldset>
      </section>
      <section aria-labelledby="hf-announcement" className="stack panel">
        <h2 id="hf-announcement">Announcement bar</h2>
        <Field
          label="Announcement text"
          hint="Shown above the header of every page; leave empty for no bar."
          maxLength={300}
          {...register('header.announcement')}
          error={errors.header?.announcement?.message}
        />
        <Field
          label="Announcement link"
          hint="Optional: https://…, mailto: or a path on your site such as /shop."
          maxLength={2048}
          {...register('header.announcementLink')}
          error={errors.header?.announcementLink?.message}
        />
        <div className="stack">
          <Field label="Show from" type="date" {...register('header.announcementStartsAt')} error={errors.header?.announcementStartsAt?.message} />
          <Field label="Show until" type="date" {...register('header.announcementEndsAt')} error={errors.header?.announcementEndsAt?.message} />
        </div>
      </section>
      <section aria-labelledby="hf-footer" className="stack panel">
        <h2 id="hf-footer">Footer</h2>
        <TextArea label="About text" maxLength={1000} {...register('footer.text')} error={errors.footer?.text?.message} />
        <TextArea label="Address" rows={3} maxLength={500} {...register('footer.address')} error={errors.footer?.address?.message} />
        <Field label="Contact email" type="email" autoComplete="off" maxLength={256} {...register('footer.email')} error={errors.footer?.email?.message} />
        <Field label="Legal line" hint="Shown after the copyright." maxLength={500} {...register('footer.legal')} error={errors.footer?.legal?.message} />
        <Field label="Show the newsletter sign-up" type="checkbox" {...register('footer.showNewsletter')} />
      </section>
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save header and footer'}
        </button>
      </div>
    </form>
  );
}
