import { visitorIdFromCookie } from '../content/index.js';
import { AppError } from '../errors/index.js';
import { assertAcceptableInput } from '../http/input-guard.js';

/** The one census event the storefront sends: a page view. */
export const PAGE_VIEW_EVENT = 'view';
/** Largest accepted RecordHit body (form-encoded), in bytes. */
export const CENSUS_HIT_BODY_LIMIT = 8 * 1024;

/** Form fields of `POST /api/census/RecordHit` (spec 7), plus the crumb. */
const FORM_FIELDS = new Set(['event', 'data', 'ss_cvr', 'crumb']);
/** Keys of the `data` JSON (spec 3, Census hit data). */
const DATA_FIELDS = new Set([
  'event',
  'websiteId',
  'templateId',
  'locale',
  'viewportWidth',
  'viewportHeight',
  'screenWidth',
  'screenHeight',
  'userAgent',
  'clientDate',
  'url',
  'title',
  'itemId',
  'recordType',
  'collectionId',
]);

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,4}$/;
const MAX_URL = 2048;
const MAX_TEXT = 512;
const MAX_PIXELS = 100_000;

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

function optionalString(data: Record<string, unknown>, key: string, max: number, pattern?: RegExp): string | undefined {
  const value = data[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max || (pattern && !pattern.test(value))) throw bad(`Census hit field ${key} is invalid.`);
  return value;
}

function optionalInteger(data: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw bad(`Census hit field ${key} is invalid.`);
  return value;
}

function parseData(raw: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw bad('Census hit data is not valid JSON.');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad('Census hit data must be a JSON object.');
  assertAcceptableInput(data, 'body.data');
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!DATA_FIELDS.has(key)) throw bad(`Census hit data has an unknown field: ${key.slice(0, 64)}.`);
  return record;
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
 * Validates a RecordHit form body: form fields `event`, `data` (JSON object of the spec 3
 * census hit fields) and `ss_cvr`. Unknown fields, a malformed visitor cookie, an event other
 * than a page view or a URL on another host are refused with a 400.
 */
export function parseCensusHit(body: unknown, host: string): CensusHit {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('Census hit must be form-encoded: event, data, ss_cvr.');
  const form = body as Record<string, unknown>;
  for (const key of Object.keys(form)) if (!FORM_FIELDS.has(key)) throw bad(`Census hit has an unknown field: ${key.slice(0, 64)}.`);
  if (form.event !== PAGE_VIEW_EVENT) throw bad(`Census hit event must be '${PAGE_VIEW_EVENT}'.`);
  if (typeof form.data !== 'string') throw bad('Census hit data is required.');
  const visitorId = visitorIdFromCookie(typeof form.ss_cvr === 'string' ? form.ss_cvr : undefined);
  if (!visitorId) throw bad('Census hit needs the ss_cvr visitor cookie.');
  const data = parseData(form.data);
  if (data.event !== undefined && data.event !== form.event) throw bad('Census hit data event does not match the event field.');
  const url = optionalString(data, 'url', MAX_URL);
  if (!url) throw bad('Census hit field url is required.');
  optionalString(data, 'websiteId', 64, ID);
  const hit: CensusHit = {
    event: PAGE_VIEW_EVENT,
    visitorId,
    path: pathOf(url, host),
    title: optionalString(data, 'title', MAX_TEXT),
    itemId: optionalString(data, 'itemId', 64, ID),
    collectionId: optionalString(data, 'collectionId', 64, ID),
    recordType: optionalInteger(data, 'recordType', 0, 1000),
    templateId: optionalString(data, 'templateId', 64, ID),
    locale: optionalString(data, 'locale', 35, LOCALE),
    viewportWidth: optionalInteger(data, 'viewportWidth', 0, MAX_PIXELS),
    viewportHeight: optionalInteger(data, 'viewportHeight', 0, MAX_PIXELS),
    screenWidth: optionalInteger(data, 'screenWidth', 0, MAX_PIXELS),
    screenHeight: optionalInteger(data, 'screenHeight', 0, MAX_PIXELS),
    userAgent: optionalString(data, 'userAgent', MAX_TEXT),
    clientDate: optionalInteger(data, 'clientDate', 0, 8_640_000_000_000_000),
  };
  for (const key of Object.keys(hit) as Array<keyof CensusHit>) if (hit[key] === undefined) delete hit[key];
  return hit;
}
