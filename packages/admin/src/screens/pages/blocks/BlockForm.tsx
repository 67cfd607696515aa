import { blockKindOf } from '@emporium/server/block-kinds';
import { useState } from 'react';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { TextArea } from '../../../ui/TextArea.js';
import { type Block, BLOCK_FIELDS, blockNotes, type FieldSpec, fieldValue, withField } from './block-fields.js';
import { CodeUnavailable } from './CodeUnavailable.js';
import { mayEditHere } from './code-editing.js';
import { GalleryImagesField } from './GalleryImagesField.js';
import { ImagePicker } from './ImagePicker.js';
import { NewsletterListField } from './NewsletterListField.js';
import { SourceField } from './SourceField.js';
import { VideoLookUp } from './VideoLookUp.js';

interface BlockFormProps {
  readonly block: Block;
  /** The block's name ("Text block 1"): the label of a kind's only text box. */
  readonly name: string;
  readonly onChange: (block: Block) => void;
  /** Problems the server found, by field (`text`, `data`...). */
  readonly serverErrors?: Readonly<Record<string, string>>;
}

/** The first problem of each field of `block`, by its kind's schema (the same one the server checks with). */
function problemsOf(block: Block): Record<string, string> {
  const { grid: _grid, ...fields } = block;
  const parsed = blockKindOf(block.typeName)?.schema.safeParse(fields);
  const out: Record<string, string> = {};
  if (!parsed || parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const key = first === 'focalPoint' ? (second === 'y' ? 'focalY' : 'focalX') : (first ?? 'typeName');
    out[key] ??= issue.message;
  }
  return out;
}

/** The form of one block: a labelled control per field of its kind; a field's problem shows once it was changed. */
export function BlockForm({ block, name, onChange, serverErrors = {} }: BlockFormProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>({});
  const problems = problemsOf(block);
  const fields = (BLOCK_FIELDS[String(block.typeName)] ?? []).filter((spec) => !spec.when || spec.when(block));
  const errorOf = (key: string) => serverErrors[key] ?? (touched.has(key) ? problems[key] : undefined);
  const set = (key: string, value: unknown) => {
    setTouched(new Set([...touched, key]));
    onChange(withField(block, key, value));
  };

  const control = (spec: FieldSpec) => {
    const value = fieldValue(block, spec.key);
    const key = `${spec.control}-${spec.key}`;
    switch (spec.control) {
      case 'text':
      case 'url':
        return (
          <Field
            key={key}
            label={spec.label}
            hint={spec.hint}
            inputMode={spec.control === 'url' ? 'url' : undefined}
            value={String(value ?? '')}
            error={errorOf(spec.key)}
            onChange={(e) => set(spec.key, e.target.value)}
          />
        );
      case 'number':
        return (
          <Field
            key={key}
            label={spec.label}
            type="number"
            step="any"
            min={spec.min}
            max={spec.max}
            value={value === undefined || value === null ? '' : String(value)}
            error={errorOf(spec.key)}
            onChange={(e) => set(spec.key, e.target.value === '' ? undefined : Number(e.target.value))}
          />
        );
      case 'textarea':
        if (!mayEditHere(block, spec.key)) return <CodeUnavailable key={key} label={fields.length === 1 ? name : spec.label} code={String(value ?? '')} />;
        return (
          <TextArea
            key={key}
            label={fields.length === 1 ? name : spec.label}
            hint={spec.hint}
            rows={spec.rows}
            className={spec.code ? 'code-input' : undefined}
            spellCheck={spec.code ? false : undefined}
            value={String(value ?? '')}
            error={errorOf(spec.key)}
            onChange={(e) => set(spec.key, e.target.value)}
          />
        );
      case 'select':
        return (
          <Select
            key={key}
            label={spec.label}
            value={String(value ?? spec.options[0]?.[0] ?? '')}
            options={spec.options.map(([v, label]) => ({ value: v, label }))}
            onChange={(e) => set(spec.key, e.target.value)}
          />
        );
      case 'checkbox':
        return <Field key={key} label={spec.label} type="checkbox" checked={value === true} onChange={(e) => set(spec.key, e.target.checked)} />;
      case 'lines':
        return (
          <TextArea
            key={key}
            label={spec.label}
            hint={spec.hint}
            rows={spec.rows}
            value={texts[spec.key] ?? spec.toText(value)}
            error={errorOf(spec.key)}
            onChange={(e) => {
              setTexts({ ...texts, [spec.key]: e.target.value });
              set(spec.key, spec.fromText(e.target.value));
            }}
          />
        );
      case 'source':
        return (
          <SourceField
            key={key}
            label={spec.label}
            source={spec.source}
            value={String(value ?? '')}
            error={errorOf(spec.key)}
            onChange={(id) => set(spec.key, id)}
          />
        );
      case 'image':
        return (
          <div key={key} className="block-image-pick">
            {typeof block.assetUrl === 'string' && block.assetUrl && (
              <img className="block-image-pick__preview" src={block.assetUrl} alt="" width={96} height={96} />
            )}
            <ImagePicker
              label={block.assetUrl ? 'Change image' : 'Choose image'}
              purpose={`for ${name}`}
              onPick={(image) => {
                const [width, height] = (image.originalSize ?? '').split('x').map(Number);
                setTouched(new Set([...touched, 'assetUrl']));
                onChange({ ...block, assetUrl: image.assetUrl, altText: image.altText.slice(0, 250), ...(width && height ? { width, height } : {}) });
              }}
            />
          </div>
        );
      case 'gallery-images':
        return (
          <GalleryImagesField
            key={key}
            name={name}
            images={Array.isArray(block.images) ? (block.images as Block[]) : []}
            error={errorOf('images')}
            onChange={(images) => set('images', images)}
          />
        );
      case 'newsletter-list':
        return <NewsletterListField key={key} label={spec.label} value={String(value ?? '')} error={errorOf('formId')} onChange={(id) => set('formId', id)} />;
    }
  };

  const notes = blockNotes(block);
  return (
    <div className="block-form">
      {fields.map(control)}
      {block.typeName === 'video' && <VideoLookUp block={block} name={name} onChange={onChange} />}
      {notes.map((note) => (
        <p key={note} className="hint block-note" role="status">
          {note}
        </p>
      ))}
    </div>
  );
}
