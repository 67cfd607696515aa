/** What a Host header names. */
export type HostTarget =
  | { kind: 'root' }
  | { kind: 'admin' }
  | { kind: 'subdomain'; identifier: string }
  | { kind: 'domain'; domain: string }
  | { kind: 'invalid' };

/** The label of the dashboard's own origin: `admin.{baseDomain}` (never a site's identifier). */
export const ADMIN_LABEL = 'admin';

/** Site identifiers: lower-case letters, digits and inner hyphens, 1-63 characters. */
export const IDENTIFIER_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Lower-cases a Host header value and strips the port and a trailing dot. Null when malformed. */
export function normalizeHost(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim().toLowerCase();
  if (value === '' || value.length > 260) return null;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return value.slice(0, end + 1);
  }
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const host = match[1]!.replace(/\.$/, '');
  return HOSTNAME.test(host) || IPV4.test(host) ? host : null;
}

/**
 * Classifies a Host header: the base domain itself and loopback addresses are the root (site
 * list), `admin.{baseDomain}` is the owner dashboard's origin, `{identifier}.{baseDomain}` is a
 * site, any other valid name may be a custom domain.
 * Both names compare case-insensitively and without a trailing dot.
 */
export function classifyHost(raw: string | undefined, baseDomain: string): HostTarget {
  const host = normalizeHost(raw);
  if (host === null) return { kind: 'invalid' };
  const base = baseDomain.toLowerCase().replace(/\.$/, '');
  if (host === base || host === '127.0.0.1' || host === '[::1]') return { kind: 'root' };
  if (host.startsWith('[') || IPV4.test(host)) return { kind: 'invalid' };
  const suffix = `.${base}`;
  if (host.endsWith(suffix)) {
    const identifier = host.slice(0, -suffix.length);
    if (identifier === ADMIN_LABEL) return { kind: 'admin' };
    return IDENTIFIER_PATTERN.test(identifier) ? { kind: 'subdomain', identifier } : { kind: 'invalid' };
  }
  return { kind: 'domain', domain: host };
}
