import { createIsbotFromList, isbotPatterns, list } from 'isbot';

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
 * isbot patterns that name no robot: `headless` (a headless browser runs the page's scripts as
 * a visitor's browser does) and the ones matching a bare product token such as `Example/1.0`
 * (an agent that names itself without saying it is a robot).
 */
const NOT_DECLARATIONS = new Set(['headless', ...isbotPatterns('Example/1.0')]);

/** isbot's list of self-declared robots: crawlers, link previewers, uptime monitors, audit tools, command-line clients. */
const isListedRobot = createIsbotFromList(list.filter((pattern) => !NOT_DECLARATIONS.has(pattern)));

/** True when a user agent declares a robot (see {@link isListedRobot}); an absent or empty agent does not. */
export function isDeclaredRobot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== '' && isListedRobot(userAgent);
}
