import type { NewPageBody, PageChangeBody, PageKind, PageList, PageView } from '@emporium/server/site-pages/schemas';
import { api } from '../../api/http.js';

export type { PageKind, PageList, PageView };

/** The Pages calls (packages/server/src/site-pages/routes.ts). */
export const PAGES_PATH = '/api/owner/pages';

const pagePath = (id: string) => `${PAGES_PATH}/${encodeURIComponent(id)}`;

/** What each kind is called on the screen. */
export const KIND_LABELS: Readonly<Record<PageKind, string>> = Object.freeze({
  page: 'Page',
  blog: 'Blog',
  store: 'Store',
  events: 'Events',
  gallery: 'Gallery',
  link: 'Link',
  folder: 'Folder',
});

/** The collection type of a course (spec 3, Collection types: course 25); the Pages list gives it the blog kind. */
export const COURSE_COLLECTION_TYPE = 25;

/** What a listed page is called on the screen: "Course" for a course collection, else its kind's label. */
export function pageKindLabel(page: Pick<PageView, 'kind' | 'type'>): string {
  return page.type === COURSE_COLLECTION_TYPE ? 'Course' : KIND_LABELS[page.kind];
}

/** Adds a page (a draft unless `enabled`). */
export function addPage(body: NewPageBody): Promise<PageView> {
  return api<PageView>(PAGES_PATH, { method: 'POST', body });
}

/** Saves a page's settings and blocks from the version read. */
export function changePage(id: string, body: PageChangeBody): Promise<PageView> {
  return api<PageView>(pagePath(id), { method: 'PATCH', body });
}

/** Copies a page as a draft. */
export function duplicatePage(id: string): Promise<PageView> {
  return api<PageView>(`${pagePath(id)}/duplicate`, { method: 'POST', body: {} });
}

/** Deletes a page and what it holds. */
export function deletePage(id: string): Promise<void> {
  return api<void>(pagePath(id), { method: 'DELETE' });
}
