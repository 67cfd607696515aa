import { enabledPopup } from '../../popup/index.js';
import { PageType } from '../../spec/index.js';
import { loadForms } from '../queries.js';
import { formBlockIslandProps, pageFieldsOf } from './island-props.js';
import { readerOf, type BuiltPage, type PageRequest } from './page-request.js';

/** Page types that never show the popup overlay: its own screens and the buying flow. */
const NO_POPUP = new Set<number>([PageType.LOCK_SCREEN, PageType.PROTECTED, PageType.ACCESS_DENIED, PageType.SHOW_CART, PageType.CHECKOUT]);

/**
 * Props of the PopupOverlay island (page type 104) when the site has an enabled popup whose
 * form exists, the storefront bundle is built and the page is an ordinary 200 page; else undefined.
 */
export async function popupIslandProps(req: PageRequest, page: BuiltPage): Promise<Record<string, unknown> | undefined> {
  if (!req.islandsEnabled || page.status !== 200 || NO_POPUP.has(page.pageType)) return undefined;
  const popup = enabledPopup(req.site.settings as Record<string, unknown>);
  if (!popup) return undefined;
  const form = (await loadForms(readerOf(req), req.site.id, [popup.formId])).get(popup.formId);
  if (!form) return undefined;
  const item = page.context.item as { id?: string } | undefined;
  const fields = pageFieldsOf(page.title, String(item?.id ?? ''), item ? 'i' : 'c', req.path);
  return {
    version: popup.version,
    position: popup.position,
    title: popup.title,
    ...(popup.text ? { text: popup.text } : {}),
    ...formBlockIslandProps(form, fields),
  };
}
