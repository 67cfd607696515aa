import { useFormContext } from 'react-hook-form';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@emporium/server/catalogue/schemas';
import { Field } from '../../ui/Field.js';
import { TextArea } from '../../ui/TextArea.js';
import type { DetailsInput, DetailsOutput } from './product-model.js';

/** Characters search engines show of a title and of a description. */
const SHOWN_TITLE = 60;
const SHOWN_DESCRIPTION = 160;

interface SeoPanelProps {
  readonly headingId: string;
}

/** The product's SEO title and description, with what a search result would show. */
export function SeoPanel({ headingId }: SeoPanelProps) {
  const { register, watch, formState } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  const title = watch('seo.title') ?? '';
  const description = watch('seo.description') ?? '';
  const errors = formState.errors.seo;
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Search engines</h2>
      <p className="hint">Leave these empty to use the product’s title and excerpt.</p>
      <Field
        label="SEO title"
        hint={`${title.length} of ${SEO_TITLE_MAX} characters; search results show about ${SHOWN_TITLE}.`}
        maxLength={SEO_TITLE_MAX}
        autoComplete="off"
        {...register('seo.title')}
        error={errors?.title?.message}
      />
      <TextArea
        label="Search result text"
        hint={`${description.length} of ${SEO_DESCRIPTION_MAX} characters; search results show about ${SHOWN_DESCRIPTION}.`}
        rows={3}
        maxLength={SEO_DESCRIPTION_MAX}
        {...register('seo.description')}
        error={errors?.description?.message}
      />
    </section>
  );
}
