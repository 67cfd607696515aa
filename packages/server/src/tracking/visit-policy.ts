/** Spec 3 role number of a viewer: the only signed-in role whose visits are recorded (spec 6). */
export const VIEWER_ROLE = 10;
/** Spec 2: page views are not recorded on the search page. */
export const SEARCH_PATH = '/search';

/** Spec 2 and 6: the search page and paths containing /config/ are never recorded. */
export function isUnrecordedPath(path: string): boolean {
  return path === SEARCH_PATH || path === '/config' || path.includes('/config/');
}

/** Spec 6: a signed-in site user's visits are recorded only when their role is viewer. */
export function recordsSignedInRole(role: number | undefined): boolean {
  return role === VIEWER_ROLE;
}

/**
 * Self-declared robots: crawlers, link previewers, uptime monitors and audit tools name
 * themselves in the user agent. Their page views are not recorded.
 */
const DECLARED_ROBOT = /bot\b|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|lighthouse|pagespeed|pingdom|uptime|monitor|^curl\/|^wget\/|python-requests/i;

/** True when a user agent declares a robot (see {@link DECLARED_ROBOT}). */
export function isDeclaredRobot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && DECLARED_ROBOT.test(userAgent);
}
