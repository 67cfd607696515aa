import { type LibraryImage, MAX_GALLERY_IMAGES } from '@emporium/server/block-kinds';
import { Field } from '../../../ui/Field.js';
import { ImagePicker } from './ImagePicker.js';

type GalleryImage = Readonly<Record<string, unknown>>;

interface GalleryImagesFieldProps {
  /** The block's name ("Gallery block 3"). */
  readonly name: string;
  readonly images: readonly GalleryImage[];
  readonly error?: string;
  readonly onChange: (images: GalleryImage[]) => void;
}

/** A gallery image from a picked one: its address, size and the alt text it already has. */
export function galleryImageOf(image: LibraryImage): GalleryImage {
  return { assetUrl: image.assetUrl, altText: image.altText.slice(0, 250), ...(image.originalSize ? { originalSize: image.originalSize } : {}) };
}

/** A gallery's images in order, each with its alt text and title, moved up or down or removed; new ones picked from the site's images or uploaded. */
export function GalleryImagesField({ name, images, error, onChange }: GalleryImagesFieldProps) {
  const set = (index: number, key: string, value: string) =>
    onChange(images.map((image, i) => (i === index ? (value === '' && key === 'title' ? withoutKey(image, key) : { ...image, [key]: value }) : image)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <fieldset className="gallery-images">
      <legend>Images</legend>
      {images.length === 0 && <p className="hint">No images yet: add one.</p>}
      <ol className="gallery-images__list">
        {images.map((image, index) => {
          const label = `image ${index + 1} of ${name}`;
          return (
            <li key={`${String(image.assetUrl)}-${index}`} className="gallery-images__item">
              <img src={String(image.assetUrl)} alt="" width={64} height={64} />
              <div className="gallery-images__fields">
                <Field
                  label={`Alt text of image ${index + 1}`}
                  value={String(image.altText ?? '')}
                  maxLength={250}
                  hint={image.altText === '' ? 'Empty marks the image as decorative: screen readers skip it.' : undefined}
                  onChange={(e) => set(index, 'altText', e.target.value)}
                />
                <Field
                  label={`Title of image ${index + 1}`}
                  value={String(image.title ?? '')}
                  maxLength={200}
                  onChange={(e) => set(index, 'title', e.target.value)}
                />
              </div>
              <div className="actions">
                <button type="button" className="secondary small" disabled={index === 0} onClick={() => move(index, -1)}>
                  Move up<span className="visually-hidden"> {label}</span>
                </button>
                <button type="button" className="secondary small" disabled={index === images.length - 1} onClick={() => move(index, 1)}>
                  Move down<span className="visually-hidden"> {label}</span>
                </button>
                <button type="button" className="secondary small" onClick={() => onChange(images.filter((_, i) => i !== index))}>
                  Remove<span className="visually-hidden"> {label}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {error && <p className="field-error">{error}</p>}
      {images.length < MAX_GALLERY_IMAGES ? (
        <ImagePicker label="Add an image" purpose={`to ${name}`} onPick={(picked) => onChange([...images, galleryImageOf(picked)])} />
      ) : (
        <p className="hint">A gallery holds at most {MAX_GALLERY_IMAGES} images.</p>
      )}
    </fieldset>
  );
}

function withoutKey(image: GalleryImage, key: string): GalleryImage {
  const { [key]: _removed, ...rest } = image;
  return rest;
}
