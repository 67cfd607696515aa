import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { isDeclaredRobot } from './visit-policy.js';
import { browserOf, deviceOf, type BrowserFamily, type Device } from './user-agent.js';
import type { DailySalt } from './visitor-hash.js';

/** Who sent a tracking call, reduced to what may be stored. */
export interface VisitContext {
  websiteId: string;
  /** The request's Host header, lower-case. */
  host: string;
  /** Its host name without port. */
  hostname: string;
  now: Date;
  device: Device;
  browser: BrowserFamily;
  visitorHash: string;
  /** The session hash for a browser session id (SS_SESSION_ID), or the visitor hash without one. */
  sessionHash: (sessionId: string | undefined) => Promise<string>;
}

/** Client times more than a day away from the server's are not believed. */
const CLOCK_SKEW_MS = 86_400_000;

/** The client's time of an event when plausible, else the server's. */
export function occurredAt(clientMs: number | undefined, now: Date): Date {
  if (clientMs === undefined || Math.abs(clientMs - now.getTime()) > CLOCK_SKEW_MS) return now;
  return new Date(clientMs);
}

/** True when the request's user agent (or one the payload reports) declares a robot: its events are dropped. */
export function isRobotCall(request: FastifyRequest, reportedAgent?: string): boolean {
  return isDeclaredRobot(request.headers['user-agent']) || isDeclaredRobot(reportedAgent);
}

/** The visit context of a tracking call on a site. */
export async function visitContextOf(request: FastifyRequest, salt: DailySalt, now = new Date()): Promise<VisitContext> {
  const site = request.site;
  if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  const host = (request.headers.host ?? '').toLowerCase();
  const userAgent = request.headers['user-agent'] ?? '';
  const visitorHash = await salt.visitorHash(now, site.id, request.ip, userAgent);
  return {
    websiteId: site.id,
    host,
    hostname: host.replace(/:\d+$/, ''),
    now,
    device: deviceOf(userAgent),
    browser: browserOf(userAgent),
    visitorHash,
    sessionHash: (sessionId) => salt.sessionHash(now, site.id, visitorHash, sessionId),
  };
}

/** The path of a URL on the request's own host; a URL on another host or scheme is refused (400). */
export function ownPath(url: string, context: VisitContext, field = 'url'): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('BAD_REQUEST', `${field} is not a URL.`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.host.toLowerCase() !== context.host) {
    throw new AppError('BAD_REQUEST', `${field} is not on this site.`);
  }
  return parsed.pathname;
}
