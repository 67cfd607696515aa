import { NewStoreBody } from '@emporium/server/catalogue/store-schemas';
import { api } from '../../api/http.js';

/** The site's cart (empty when none) names the site's id, which the spec 7 store calls carry in their path. */

const storesPath = (websiteId: string) => `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`;

/**
 * The form of "Create a store": the title is checked by the server's own `NewStoreBody.title`
 * (trimmed, at most 200 characters; empty or short titles get the fallback title on the
 * server); the navigation choice passes through as the checkbox gives it.
 */
export const StoreForm = NewStoreBody.pick({ title: true }).loose();
export type StoreFormInput = (typeof StoreForm)['_zod']['input'];
export type StoreFormOutput = (typeof StoreForm)['_zod']['output'];

/** A store as the server answers its creation. */
export interface StoreView {
  readonly id: string;
  readonly navigationTitle: string;
  readonly title: string;
  readonly urlId: string;
}

export interface StoreCreated extends StoreView {
  readonly placedFirst: boolean;
}

/**
 * Spec 4 "Store creation order": creates the store, then its root category (spec 3 root
 * category fields), then, when asked, places it first in the main navigation. Stops at the
 * first refusal and gives back what was made with the server's error.
 */
export async function createStoreInOrder(websiteId: string, form: StoreFormOutput): Promise<{ store: StoreCreated | null; error: unknown }> {
  let store: StoreView;
  try {
    store = await api<StoreView>(storesPath(websiteId), {
      method: 'POST',
      body: { navigationTitle: form.title, title: form.title, description: '', enabled: true },
    });
  } catch (error) {
    return { store: null, error };
  }
  try {
    await api(`${storesPath(websiteId)}/${encodeURIComponent(store.id)}/categories`, {
      method: 'POST',
      body: { displayName: store.title || store.navigationTitle || 'Store', parentCategoryId: '', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
    });
    if (form.placeFirst === true) await api(`/api/owner/catalogue/stores/${encodeURIComponent(store.id)}/main-navigation`, { method: 'POST', body: {} });
  } catch (error) {
    return { store: { ...store, placedFirst: false }, error };
  }
  return { store: { ...store, placedFirst: form.placeFirst === true }, error: null };
}
