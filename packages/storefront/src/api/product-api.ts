import type { ProductFormProps } from '../islands/ProductForm.js';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';

/** What a quick view shows of a product, read from its page's JSON context. */
export interface QuickViewData {
  readonly title: string;
  readonly imageUrl: string;
  readonly imageAlt: string;
  readonly url: string;
  readonly form: ProductFormProps;
}

interface PageContext {
  item?: { title?: unknown; assetUrl?: unknown; altText?: unknown; fullUrl?: unknown };
  render?: { islands?: { productForm?: ProductFormProps } };
}

/**
 * GET `{productUrl}?format=json` (the page's template context) and picks the product form's
 * props, title and image. Throws when the page has no product form.
 */
export async function fetchQuickViewData(ctx: HttpContext, productUrl: string): Promise<QuickViewData> {
  const page = await requestJson<PageContext>(ctx, productUrl, { query: { format: 'json' } });
  const form = page?.render?.islands?.productForm;
  if (!form || typeof form !== 'object' || !form.product) throw new Error(`No product form at ${productUrl}`);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: text(page.item?.title),
    imageUrl: text(page.item?.assetUrl),
    imageAlt: text(page.item?.altText),
    url: text(page.item?.fullUrl) || productUrl,
    form,
  };
}
