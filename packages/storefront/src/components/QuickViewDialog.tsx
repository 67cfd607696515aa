import type { ProductFormProps } from '../islands/ProductForm.js';
import { ProductForm } from '../islands/ProductForm.js';
import { withSystemTexts } from '../lib/system-texts.js';
import { Modal } from './Modal.js';

/** Props of {@link QuickViewDialog}. */
interface QuickViewDialogProps {
  readonly labelId: string;
  readonly title: string;
  readonly imageUrl?: string;
  readonly imageAlt?: string;
  readonly url?: string;
  /** The product form; absent while loading. Its `texts` (a product page's JSON gives the form its page's system texts) apply to it. */
  readonly form?: ProductFormProps;
  /** Shown instead of the form (loading or failure text). */
  readonly status?: string;
  readonly onClose: () => void;
}

/** The quick view modal: image, title, the product form (price, variants, add to cart) and a link to the product. */
export function QuickViewDialog({ labelId, title, imageUrl, imageAlt = '', url, form, status, onClose }: QuickViewDialogProps) {
  return (
    <Modal labelId={labelId} onClose={onClose}>
      <div className="quick-view__dialog">
        {imageUrl && <img className="quick-view__image" src={imageUrl} alt={imageAlt} width={320} height={320} />}
        <div className="quick-view__details">
          <h2 id={labelId} className="quick-view__title">
            {title}
          </h2>
          {status && (
            <p className="quick-view__status" role="status">
              {status}
            </p>
          )}
          {form && withSystemTexts(<ProductForm {...form} />, form as unknown as Record<string, unknown>)}
          {url && (
            <p className="quick-view__more">
              <a href={url}>View full details</a>
            </p>
          )}
        </div>
      </div>
    </Modal>
  );
}
