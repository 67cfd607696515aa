import { useId, useState, type MouseEvent } from 'react';
import { errorMessage } from '../../api/http.js';
import { Field } from '../../ui/Field.js';
import { photoName, savePhoto, type FocalPoint, type ProductPhoto } from './photo-calls.js';

interface PhotoEditorProps {
  readonly productId: string;
  readonly photo: ProductPhoto;
  readonly index: number;
  readonly onSaved: (photo: ProductPhoto) => void;
}

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };
const ALT_TEXT_MAX = 250;

function percentOf(value: number): string {
  return String(Math.round(value * 100));
}

/** A percentage typed by the owner as a 0-1 fraction; null when it is no whole number from 0 to 100. */
function fractionOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 100) return null;
  return Number(trimmed) / 100;
}

/**
 * One photo's alt text and focal point. The focal point is set by clicking the photo or by typing
 * how far across and down it lies (in percent); the storefront keeps that point in view when it
 * crops the photo.
 */
export function PhotoEditor({ productId, photo, index, onSaved }: PhotoEditorProps) {
  const id = useId();
  const point = photo.mediaFocalPoint ?? CENTRE;
  const [altText, setAltText] = useState(photo.altText);
  const [across, setAcross] = useState(percentOf(point.x));
  const [down, setDown] = useState(percentOf(point.y));
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const x = fractionOf(across);
  const y = fractionOf(down);
  const name = photoName(photo, index);

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    setAcross(percentOf(clamp((event.clientX - box.left) / box.width)));
    setDown(percentOf(clamp((event.clientY - box.top) / box.height)));
    setNotice('');
  };

  const save = async () => {
    if (x === null || y === null) {
      setError('Enter the focal point as whole percentages from 0 to 100.');
      return;
    }
    setError('');
    setNotice('');
    setSaving(true);
    try {
      const saved = await savePhoto(productId, photo.id, { altText: altText.trim(), focalPoint: { x, y } });
      onSaved(saved);
      setAltText(saved.altText);
      setNotice(`Saved photo ${index + 1}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="photo-card">
      <button type="button" className="focal-picker" onClick={pick} aria-label={`Set the focal point of ${name} where you click`}>
        <img src={photo.assetUrl} srcSet={photo.srcset} sizes="160px" alt={photo.altText || `Photo ${index + 1} without alt text`} width={160} />
        {x !== null && y !== null && <span className="focal-mark" aria-hidden="true" style={{ left: `${x * 100}%`, top: `${y * 100}%` }} />}
      </button>
      <p className="hint photo-size">
        {index === 0 ? 'Main photo · ' : ''}
        {photo.originalSize.replace('x', ' × ')} px
      </p>
      <div className="photo-fields">
        <Field
          label={`Alt text of photo ${index + 1}`}
          hint="What the photo shows; empty for the product title."
          maxLength={ALT_TEXT_MAX}
          value={altText}
          onChange={(e) => setAltText(e.currentTarget.value)}
        />
        <fieldset className="focal-fields">
          <legend>Focal point of photo {index + 1} (%)</legend>
          <div className="field-pair">
            <Field
              label="Across"
              inputMode="numeric"
              value={across}
              onChange={(e) => setAcross(e.currentTarget.value)}
              aria-invalid={x === null ? true : undefined}
            />
            <Field
              label="Down"
              inputMode="numeric"
              value={down}
              onChange={(e) => setDown(e.currentTarget.value)}
              aria-invalid={y === null ? true : undefined}
            />
          </div>
        </fieldset>
        <button type="button" className="secondary" disabled={saving} onClick={save} aria-describedby={error ? `${id}-error` : undefined}>
          {saving ? 'Saving…' : `Save photo ${index + 1}`}
        </button>
        {error && (
          <p role="alert" className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
        <p role="status" className="hint">
          {notice}
        </p>
      </div>
    </li>
  );
}
