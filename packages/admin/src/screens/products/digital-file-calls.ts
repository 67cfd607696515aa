import { api } from '../../api/http.js';
import { PRODUCTS_PATH } from './product-model.js';
import { postForm } from './upload-form.js';

/** The file buyers of a digital product download. */
export interface DigitalFile {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
  readonly uploadedOn: number;
}

/** Largest file the server takes (its limit; the server refuses larger files with its own message). */
export const MAX_DIGITAL_FILE_BYTES = 100 * 1024 * 1024;

const digitalFilePath = (productId: string) => `${PRODUCTS_PATH}/${encodeURIComponent(productId)}/digital-file`;

/** The file attached to a product, or null. */
export async function loadDigitalFile(productId: string, signal?: AbortSignal): Promise<DigitalFile | null> {
  return (await api<{ file: DigitalFile | null }>(digitalFilePath(productId), signal ? { signal } : {})).file;
}

/** Uploads (or replaces) the product's file; rejects with the server's message. */
export async function uploadDigitalFile(productId: string, file: File): Promise<DigitalFile> {
  const form = new FormData();
  form.append('file', file);
  return (await postForm<{ file: DigitalFile }>(digitalFilePath(productId), form)).file;
}

/** A size for people: '812 bytes', '42.1 KB', '3.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
