import { type LibraryFile, LibraryMessages as M, type LibraryPage, LibraryPaths } from '@emporium/server/files-library/schemas';
import { api, CRUMB_COOKIE, CSRF_HEADER, currentSite, readCookie, SITE_HEADER } from '../../api/http.js';

export type { LibraryFile, LibraryPage };
export { M as LibraryMessages };

/** The library's list call with its search. */
export function filesPath(q: string, limit: number): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) query.set('q', q.trim());
  return `${LibraryPaths.FILES}?${query}`;
}

const fileOf = (id: string) => LibraryPaths.FILE.replace(':fileId', encodeURIComponent(id));

export function renameFile(id: string, name: string): Promise<LibraryFile> {
  return api<LibraryFile>(fileOf(id), { method: 'PATCH', body: { name } });
}

export function describeFile(id: string, altText: string): Promise<LibraryFile> {
  return api<LibraryFile>(fileOf(id), { method: 'PATCH', body: { altText } });
}

export function deleteFile(id: string): Promise<void> {
  return api<void>(fileOf(id), { method: 'DELETE' });
}

/** How an upload ended, as the browser saw it. */
export type UploadEnd =
  | { readonly kind: 'answered'; readonly status: number; readonly body: string }
  | { readonly kind: 'network'; readonly sent: boolean }
  | { readonly kind: 'cancelled' };

/** An upload's result: the file, or the spec 8 text saying what went wrong, with the server's reason when it gave one. */
export type UploadOutcome = { readonly ok: true; readonly file: LibraryFile } | { readonly ok: false; readonly problem: string; readonly detail?: string };

function messageIn(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Names what happened to an upload (spec 8): cut off while sending, 'File upload failed to
 * complete'; cut off after the file was sent, or a server failure, 'File processing failed to
 * complete'; refused, 'File processing failed' with the server's reason; cancelled by the owner,
 * 'File processing cancelled'; accepted without an answer, 'No response data from job request'.
 */
export function uploadOutcome(end: UploadEnd): UploadOutcome {
  if (end.kind === 'cancelled') return { ok: false, problem: M.PROCESSING_CANCELLED };
  if (end.kind === 'network') return { ok: false, problem: end.sent ? M.PROCESSING_INCOMPLETE : M.UPLOAD_INCOMPLETE };
  if (end.status >= 200 && end.status < 300) {
    try {
      const file = JSON.parse(end.body) as LibraryFile;
      if (file && typeof file.id === 'string' && typeof file.assetUrl === 'string') return { ok: true, file };
    } catch {
      // An empty or unreadable answer falls through.
    }
    return { ok: false, problem: M.NO_RESPONSE_DATA };
  }
  const detail = messageIn(end.body);
  if (end.status >= 500 || end.status === 0) return { ok: false, problem: M.PROCESSING_INCOMPLETE, ...(detail ? { detail } : {}) };
  return { ok: false, problem: M.PROCESSING_FAILED, ...(detail ? { detail } : {}) };
}

/** A running upload: its progress (0 to 1) as it sends, its outcome, and a way to cancel it. */
export interface Upload {
  readonly done: Promise<UploadOutcome>;
  cancel(): void;
}

/** Sends `file` to the library with the crumb and the site, reporting the share sent. */
export function uploadFile(file: File, onProgress: (share: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  let sent = false;
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => {
      sent = true;
      onProgress(1);
    };
    xhr.onload = () => resolve(uploadOutcome({ kind: 'answered', status: xhr.status, body: xhr.responseText }));
    xhr.onerror = () => resolve(uploadOutcome({ kind: 'network', sent }));
    xhr.ontimeout = () => resolve(uploadOutcome({ kind: 'network', sent }));
    xhr.onabort = () => resolve(uploadOutcome({ kind: 'cancelled' }));
  });
  xhr.open('POST', LibraryPaths.FILES);
  xhr.setRequestHeader('Accept', 'application/json');
  const crumb = readCookie(document.cookie, CRUMB_COOKIE);
  if (crumb) xhr.setRequestHeader(CSRF_HEADER, crumb);
  const site = currentSite();
  if (site) xhr.setRequestHeader(SITE_HEADER, site);
  const form = new FormData();
  form.append('file', file, file.name);
  xhr.send(form);
  return { done, cancel: () => xhr.abort() };
}

/** A size in bytes for people, Bytes to YB in steps of 1024 (spec 9). */
export function humanSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
