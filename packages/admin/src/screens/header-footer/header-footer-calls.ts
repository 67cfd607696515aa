import { api } from '../../api/http.js';

/** The header and footer call (packages/server/src/site-layout/header-footer-routes.ts). */
export const HEADER_FOOTER_PATH = '/api/site-header-footer';

/** The header as owners edit it. */
export interface HeaderForm {
  title: string;
  tagline: string;
  logoImageUrl: string;
  showLogo: boolean;
  showTitle: boolean;
  showTagline: boolean;
  announcement: string;
  announcementLink: string;
  announcementStartsAt: string;
  announcementEndsAt: string;
}

/** The footer as owners edit it. */
export interface FooterForm {
  text: string;
  address: string;
  email: string;
  legal: string;
  showNewsletter: boolean;
}

/** The answer of GET and PUT, and the body of PUT. */
export interface HeaderFooter {
  header: HeaderForm;
  footer: FooterForm;
}

/** Replaces the site's header and footer. */
export function saveHeaderFooter(body: HeaderFooter): Promise<HeaderFooter> {
  return api<HeaderFooter>(HEADER_FOOTER_PATH, { method: 'PUT', body });
}
