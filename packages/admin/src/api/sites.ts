import { api } from './http.js';
import { useCachedQuery } from './use-query.js';

/** A site this browser is signed in to on the dashboard. */
export interface SignedInSite {
  readonly id: string;
  readonly identifier: string;
  readonly title: string;
  /** The site's public address. */
  readonly url: string;
  readonly email: string | null;
  readonly role: string;
}

/** Path of the sites this browser is signed in to. */
export const SITES_PATH = '/api/owner/sites';

/** The sites this browser is signed in to (the site switcher). */
export function useSignedInSites() {
  return useCachedQuery('signed-in-sites', () => api<{ sites: SignedInSite[] }>(SITES_PATH));
}

/** The dashboard address of a site: `/sites/{identifier}`. */
export function dashboardOf(identifier: string): string {
  return `/sites/${identifier}`;
}
