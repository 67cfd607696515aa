import type {} from '@fastify/cookie';
import type { Website } from '../sites/index.js';
import type { SiteUserInfo } from './site-user-info.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website resolved from the Host header; null only on the root host. */
    site: Website | null;
    /** True on the dashboard's origin (`admin.{base domain}`), where `site` comes from the X-Emporium-Site header. */
    adminOrigin: boolean;
    /** The request's crumb: the valid `crumb` cookie, or a new one issued with this response. */
    crumb: string;
    /** True when `crumb` was generated for this request (the cookie is set on HTML responses). */
    crumbIsNew: boolean;
    /** Per-response nonce allowed by the Content-Security-Policy for inline scripts. */
    cspNonce: string;
    /** An origin that may frame this response besides its own (the dashboard framing the editor's preview). */
    framedBy: string | undefined;
    /** Parsed `SiteUserInfo` cookie (a display hint, not proof of identity). */
    siteUserInfo: SiteUserInfo;
  }
  interface FastifyContextConfig {
    /** Set to false on a state-changing /api route that must work without a crumb (beacons). */
    crumb?: boolean;
  }
}

export {};
