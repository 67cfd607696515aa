/** HTTP plumbing: errors, cookies, crumb (CSRF), security headers, rate limits, logging. */
export {
  toErrorResponse,
  sendError,
  wantsJson,
  renderErrorPage,
  registerErrorHandling,
  type ErrorResponse,
  type PageFallbacks,
} from './errors.js';
export { registerCookies, parseCookieHeader, setCookie, type CookieOptions } from './cookies.js';
export { isStorableText } from './input-guard.js';
export {
  CRUMB_COOKIE,
  CRUMB_HEADER,
  CRUMB_BODY_FIELD,
  CRUMB_EXPIRED_MESSAGE,
  CRUMB_NO_COOKIES_MESSAGE,
  CROSS_SITE_MESSAGE,
  crumbSigner,
  crumbFailure,
  genuineCrumb,
  crossSiteFailure,
  registerCrumb,
  type CrumbSigner,
} from './crumb.js';
export {
  SITE_USER_INFO_COOKIE,
  ANONYMOUS_SITE_USER,
  parseSiteUserInfo,
  formatSiteUserInfo,
  writeSiteUserInfo,
  clearSiteUserInfo,
  type SiteUserInfo,
} from './site-user-info.js';
export {
  DEFAULT_CSP,
  SECURITY_HEADERS,
  SITE_SCRIPT_PATHS,
  mergeCsp,
  formatCsp,
  newCspNonce,
  registerSecurityHeaders,
  securityHeaders,
  type CspDirectives,
  type SecurityHeaders,
} from './security-headers.js';
export {
  RATE_LIMITED_MESSAGE,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  createRateLimitStore,
  rateLimitHook,
  type RateLimitStore,
  type RateLimitRule,
  type RateLimitKey,
} from './rate-limit.js';
export { parseFormBody } from './body-parsers.js';
export { logRequestCompleted, requestIdFor } from './logging.js';
import './request-context.js';
