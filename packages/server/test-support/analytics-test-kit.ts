import type { LightMyRequestResponse } from 'fastify';
import type { ContentTestApp } from './content-test-kit.js';
import type { Website } from '../src/sites/index.js';

/** A desktop Chrome user agent. */
export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** An iPhone Safari user agent. */
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

export interface SendOptions {
  /** Send the crumb cookie and X-CSRF-Token (default true). */
  crumb?: boolean;
  contentType?: string;
  userAgent?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Sends a tracking call to a site as the storefront's collector does (same-origin browser request). */
export function send(t: ContentTestApp, site: Website, url: string, payload: unknown, options: SendOptions = {}): Promise<LightMyRequestResponse> {
  const crumb = t.app.emporium.crumbs.issue(site.id);
  const withCrumb = options.crumb !== false;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? '198.51.100.7',
    headers: {
      host: t.hostOf(site),
      'sec-fetch-site': 'same-origin',
      'user-agent': options.userAgent ?? CHROME,
      ...(payload === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
      ...(withCrumb ? { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb } : {}),
      ...options.headers,
    },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** A newer-client event envelope for a page on `host`. */
export function clanker(host: string, schema: string, content: Record<string, unknown> = {}): { eventContent: string; eventSchemaName: string } {
  return {
    eventSchemaName: schema,
    eventContent: JSON.stringify({
      page_host: host,
      page_path: '/',
      event_occurrence_timestamp: Date.now(),
      session_id: 'tab-1',
      analytics_id: 'a-1',
      ...content,
    }),
  };
}

/** A page_speed performance record for a path on `host`. */
export function pageSpeed(host: string, pathname: string, timings: Record<string, number>): Record<string, unknown> {
  return {
    app: 'storefront',
    event: 'page_speed',
    pageLoadId: 'load-1',
    ts: Date.now(),
    raw: false,
    data: { hostname: host.replace(/:\d+$/, ''), pathname, analyticsId: 'a-1', ...timings },
  };
}
