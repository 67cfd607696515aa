/** Attributes accepted by {@link serializeCookie}. */
export interface CookieOptions {
  path?: string;
  domain?: string;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const COOKIE_VALUE = /^[!#$%&'()*+\-./0-9:<=>?@A-Z[\]^_`a-z{|}~]*$/;
const MAX_COOKIES = 100;

/**
 * Parses a `Cookie` request header into a prototype-free map. The first occurrence of a
 * name wins; values are percent-decoded when possible; malformed pairs are skipped.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  let count = 0;
  for (const part of header.split(';')) {
    if (count >= MAX_COOKIES) break;
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!COOKIE_NAME.test(name) || name in cookies) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value when it is not valid percent-encoding
    }
    cookies[name] = value;
    count += 1;
  }
  return cookies;
}

/** Builds one `Set-Cookie` header value; the value is percent-encoded where needed. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name: ${name}`);
  const encoded = COOKIE_VALUE.test(value) && !value.includes('%') ? value : encodeURIComponent(value);
  const parts = [`${name}=${encoded}`];
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.domain) {
    if (!/^[A-Za-z0-9.-]+$/.test(options.domain)) throw new TypeError(`Invalid cookie domain: ${options.domain}`);
    parts.push(`Domain=${options.domain}`);
  }
  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) throw new TypeError('Cookie maxAge must be an integer number of seconds');
    parts.push(`Max-Age=${options.maxAge}`);
  }
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure || options.sameSite === 'None') parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}

/** Adds a `Set-Cookie` header to a reply (Fastify keeps earlier `Set-Cookie` headers). */
export function setCookie(
  reply: { header(name: string, value: unknown): unknown },
  name: string,
  value: string,
  options: CookieOptions = {},
): void {
  reply.header('set-cookie', serializeCookie(name, value, options));
}
