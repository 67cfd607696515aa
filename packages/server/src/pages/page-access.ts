import {
  hasCollectionAccess,
  hasSiteAccess,
  sitePasswordHash,
  UNLOCK_FAILED_QUERY,
  UNLOCK_PATH,
  WRONG_PASSWORD_MESSAGE,
  collectionPasswordHash,
} from '../access/index.js';
import type { Website } from '../sites/index.js';
import type { BuiltPage, PageRequest } from './context/page-request.js';
import { PageType } from '../spec/index.js';

/**
 * The site as this visitor sees it: a locked site whose lock-screen grant cookie is valid is
 * shown unlocked. Any other site is returned unchanged.
 */
export function visitorSite(site: Website, cookies: Readonly<Record<string, string | undefined>>, now: number): Website {
  if (site.settings.lockScreen !== true || !hasSiteAccess(site, cookies, now)) return site;
  return { ...site, settings: { ...site.settings, lockScreen: false } };
}

/** True when the visitor holds a valid grant for a password-protected collection. */
export function collectionUnlocked(req: PageRequest, row: { id: string; settings: unknown }): boolean {
  return hasCollectionAccess(req.site.id, row, req.cookies ?? {}, req.now.getTime());
}

function returnPath(req: PageRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) if (value !== undefined && key !== 'unlock') params.set(key, value);
  const search = params.toString();
  return search ? `${req.path}?${search}` : req.path;
}

/**
 * Adds `render.unlock` (form action, crumb, scope, return path and the wrong-password
 * message after a failed try) to a lock screen (103) or protected page (105) that has an
 * owner-set password; other pages are returned unchanged.
 */
export function withUnlockForm(req: PageRequest, page: BuiltPage): BuiltPage {
  let scope: string | undefined;
  if (page.pageType === PageType.LOCK_SCREEN && sitePasswordHash(req.site)) scope = 'site';
  if (page.pageType === PageType.PROTECTED) {
    const id = (page.context.collection as { id?: unknown } | undefined)?.id;
    const row = req.collections.find((c) => c.id === id);
    if (row && collectionPasswordHash(row)) scope = row.id;
  }
  if (!scope) return page;
  const failed = `unlock=${req.query.unlock ?? ''}` === UNLOCK_FAILED_QUERY;
  const render = (page.context.render as Record<string, unknown> | undefined) ?? {};
  const unlock = { action: UNLOCK_PATH, crumb: req.crumb ?? '', scope, returnTo: returnPath(req), ...(failed ? { error: WRONG_PASSWORD_MESSAGE } : {}) };
  return { ...page, context: { ...page.context, render: { ...render, unlock } } };
}
