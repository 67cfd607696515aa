import { useQuery } from '../../../api/use-query.js';
import { Select } from '../../../ui/Select.js';
import type { PageList } from '../page-calls.js';
import type { SourceKind } from './field-spec.js';

interface SourceFieldProps {
  readonly label: string;
  readonly source: SourceKind;
  readonly value: string;
  readonly error?: string;
  readonly onChange: (id: string) => void;
}

type Choice = { readonly value: string; readonly label: string };

/** Where each kind of source is read, what it answers as choices, and what the owner is told when there is none. */
const SOURCES: Readonly<Record<SourceKind, { path: string; choices: (data: unknown) => Choice[]; none: string; prompt: string }>> = {
  form: {
    path: '/api/owner/forms',
    choices: (data) => ((data as { forms?: { id: string; name: string }[] }).forms ?? []).map((f) => ({ value: f.id, label: f.name })),
    none: 'This site has no forms yet: add one under Forms.',
    prompt: 'Choose a form',
  },
  product: {
    path: '/api/owner/catalogue/products?limit=100',
    choices: (data) => ((data as { products?: { id: string; title: string }[] }).products ?? []).map((p) => ({ value: p.id, label: p.title })),
    none: 'This store has no products yet: add one under Products.',
    prompt: 'Choose a product',
  },
  collection: {
    path: '/api/owner/pages',
    choices: (data) =>
      ((data as PageList).pages ?? [])
        .filter((p) => p.kind === 'blog' || p.kind === 'store' || p.kind === 'events' || p.kind === 'gallery')
        .map((p) => ({ value: p.id, label: p.title })),
    none: 'This site has no blog, store, events or gallery page yet: add one in Pages.',
    prompt: 'Choose a page of items',
  },
  blog: {
    path: '/api/owner/pages',
    choices: (data) => ((data as PageList).pages ?? []).filter((p) => p.kind === 'blog').map((p) => ({ value: p.id, label: p.title })),
    none: 'This site has no blog yet: add one in Pages.',
    prompt: 'Choose a blog',
  },
};

/** A choice of one of the site's forms, products, pages of items or blogs, by name. */
export function SourceField({ label, source, value, error, onChange }: SourceFieldProps) {
  const spec = SOURCES[source];
  const answer = useQuery<unknown>(spec.path);
  if (answer.status === 'loading') return <p className="hint">Loading…</p>;
  if (answer.status === 'error')
    return (
      <p className="field-error" role="status">
        {source === 'collection' || source === 'blog' ? 'Unable to load collections' : 'Unable to load results'}
      </p>
    );
  const choices = spec.choices(answer.data);
  if (choices.length === 0)
    return (
      <p className="field-error" role="status">
        {spec.none}
      </p>
    );
  return (
    <div>
      <Select
        label={label}
        value={value}
        options={[{ value: '', label: spec.prompt }, ...choices]}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
