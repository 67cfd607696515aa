import { visitorIdFromCookie } from '../content/index.js';
import { AppError } from '../errors/index.js';
import { PAGE_VIEW_EVENT, type CensusHitForm } from './census-schemas.js';

export { PAGE_VIEW_EVENT } from './census-schemas.js';
/** Largest accepted RecordHit body (form-encoded), in bytes. */
export const CENSUS_HIT_BODY_LIMIT = 8 * 1024;

/** A validated page-view hit, as stored in `tracking_events.payload` (the website id is the host's, never the client's). */
export interface CensusHit {
  event: typeof PAGE_VIEW_EVENT;
  visitorId: string;
  /** Path of the viewed page (no query, no fragment). */
  path: string;
  title?: string;
  itemId?: string;
  collectionId?: string;
  recordType?: number;
  templateId?: string;
  locale?: string;
  viewportWidth?: number;
  viewportHeight?: number;
  screenWidth?: number;
  screenHeight?: number;
  userAgent?: string;
  clientDate?: number;
}

function bad(message: string): AppError {
  return new AppError('BAD_REQUEST', message);
}

/** The page path of the hit's `url`, which must be an http(s) URL on the request's own host. */
function pathOf(url: string, host: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad('Census hit field url is invalid.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw bad('Census hit field url is invalid.');
  if (parsed.host.toLowerCase() !== host.toLowerCase()) throw bad('Census hit url is not on this site.');
  return parsed.pathname;
}

/**
 * The page-view hit of a validated RecordHit form posted to `host`: a malformed visitor
 * cookie or a URL on another host is refused with a 400.
 */
export function censusHitOf(form: CensusHitForm, host: string): CensusHit {
  const visitorId = visitorIdFromCookie(form.ss_cvr);
  if (!visitorId) throw bad('Census hit needs the ss_cvr visitor cookie.');
  const { event: _event, websiteId: _websiteId, url, ...fields } = form.data;
  const hit: CensusHit = { event: PAGE_VIEW_EVENT, visitorId, path: pathOf(url, host), ...fields };
  for (const key of Object.keys(hit) as Array<keyof CensusHit>) if (hit[key] === undefined) delete hit[key];
  return hit;
}
