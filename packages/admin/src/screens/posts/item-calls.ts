import type { AuthorList, BodyImage, ItemFieldsInput, ItemList, ItemMoved, ItemPage, ItemView } from '@emporium/server/collection-items/schemas';
import { api } from '../../api/http.js';
import { postForm } from '../products/upload-form.js';

export type { ItemPage, ItemView };

/** The item calls (packages/server/src/collection-items/routes.ts). */
export const itemsPath = (collectionId: string) => `/api/owner/collections/${encodeURIComponent(collectionId)}/items`;
export const itemPath = (collectionId: string, itemId: string) => `${itemsPath(collectionId)}/${encodeURIComponent(itemId)}`;
export const AUTHORS_PATH = '/api/owner/content/authors';

/** Adds a post or an event. */
export function createItem(collectionId: string, body: ItemFieldsInput): Promise<ItemView> {
  return api<ItemView>(itemsPath(collectionId), { method: 'POST', body });
}

/** Saves every field of an item from the version read (409 when someone else saved first). */
export function saveItem(collectionId: string, itemId: string, body: ItemFieldsInput & { version: number }): Promise<ItemView> {
  return api<ItemView>(itemPath(collectionId, itemId), { method: 'PUT', body });
}

/** Deletes an item from the version read; `drafted`: one visitors see is removed by the next publish instead (decision 0055). */
export function deleteItem(collectionId: string, itemId: string, version: number, drafted = false): Promise<{ id: string; deleted: boolean }> {
  return api(itemPath(collectionId, itemId), { method: 'DELETE', query: { version, ...(drafted ? { drafted: 'true' } : {}) } });
}

/** Drafts a move of one gallery image `by` places, the others keeping their order: visitors see it once the site is published. */
export function moveImage(collectionId: string, itemId: string, by: number): Promise<ItemMoved> {
  return api<ItemMoved>(`${itemPath(collectionId, itemId)}/move`, { method: 'POST', body: { by, drafted: true } });
}

/** Keeps an image whose removal is drafted (its other drafted changes stay). */
export function keepImage(collectionId: string, itemId: string): Promise<ItemView> {
  return api<ItemView>(`${itemPath(collectionId, itemId)}/removal`, { method: 'DELETE' });
}

/** Uploads many gallery images at once, as drafts published with the site. */
export function uploadGalleryImages(collectionId: string, files: readonly File[]): Promise<ItemList> {
  const form = new FormData();
  form.append('drafted', 'true');
  for (const file of files) form.append('file', file);
  return postForm<ItemList>(`${itemsPath(collectionId)}/images`, form);
}

/** Uploads an image for a post's body. */
export function uploadBodyImage(collectionId: string, file: File): Promise<BodyImage> {
  const form = new FormData();
  form.append('file', file);
  return postForm<BodyImage>(`/api/owner/collections/${encodeURIComponent(collectionId)}/images`, form);
}

export type Authors = AuthorList;
