import { api } from '../../api/http.js';
import { imagesPath } from './product-model.js';
import { postForm } from './upload-form.js';

/** A point of a photo kept in view when it is cropped: 0 to 1 from the top left. */
export interface FocalPoint {
  readonly x: number;
  readonly y: number;
}

/** A product photo as the media calls answer it. */
export interface ProductPhoto {
  readonly id: string;
  readonly assetUrl: string;
  readonly altText: string;
  readonly originalSize: string;
  readonly srcset: string;
  readonly srcsetOriginal: string;
  readonly mediaFocalPoint?: FocalPoint;
}

/** Photos chosen for a product that does not exist yet, with the alt text they share. */
export interface PendingPhotos {
  readonly files: readonly File[];
  readonly altText: string;
}

/** No photos chosen. */
export const NO_PENDING_PHOTOS: PendingPhotos = Object.freeze({ files: [], altText: '' });

/**
 * Uploads a new product's chosen photos in turn; answers how many were uploaded and, for each
 * refused file, its name with the server's reason.
 */
export async function uploadPendingPhotos(productId: string, pending: PendingPhotos): Promise<{ uploaded: number; refused: string[] }> {
  let uploaded = 0;
  const refused: string[] = [];
  for (const file of pending.files) {
    try {
      await uploadPhoto(productId, file, pending.altText.trim());
      uploaded += 1;
    } catch (error) {
      refused.push(`${file.name}: ${error instanceof Error ? error.message : 'The upload failed.'}`);
    }
  }
  return { uploaded, refused };
}

/** Types the upload call takes (it recognises them from the bytes). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** The product's photos in order (the first is its main photo). */
export async function loadPhotos(productId: string, signal?: AbortSignal): Promise<ProductPhoto[]> {
  const answer = await api<{ images: ProductPhoto[] }>(imagesPath(productId), signal ? { signal } : {});
  return answer.images;
}

/** Saves a photo's alt text and focal point; answers the photo as stored. */
export function savePhoto(productId: string, imageId: string, changes: { altText: string; focalPoint: FocalPoint }): Promise<ProductPhoto> {
  return api<ProductPhoto>(`${imagesPath(productId)}/${encodeURIComponent(imageId)}`, { method: 'PATCH', body: changes });
}

/** Sends one file to the media call as multipart/form-data; rejects with the server's message. */
export async function uploadPhoto(productId: string, file: File, altText: string): Promise<ProductPhoto> {
  const form = new FormData();
  if (altText) form.append('altText', altText);
  form.append('file', file);
  return postForm<ProductPhoto>(imagesPath(productId), form);
}

/** How a photo is named in a list ('Photo 2: A blue mug'). */
export function photoName(photo: ProductPhoto, index: number): string {
  return photo.altText ? `Photo ${index + 1}: ${photo.altText}` : `Photo ${index + 1}`;
}
