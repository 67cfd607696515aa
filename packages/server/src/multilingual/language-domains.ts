import type { AppConfig } from '../config.js';
import type { StoredLanguage } from '../db/schema-multilingual.js';
import type { DbOrTx } from '../db/types.js';
import { classifyHost, languageDomainUse, normalizeHost } from '../sites/index.js';
import { MultilingualMessages as M } from './messages.js';

/** Checked language domains: the list with each domain in its stored form, or each refused entry's message by field. */
export type DomainCheck = { ok: true; list: StoredLanguage[] } | { ok: false; fields: Record<string, string> };

/** The stored form of a domain an owner typed (`Boutique.Example.FR.` → `boutique.example.fr`), or the message refusing it. */
export function readLanguageDomain(input: string, config: Pick<AppConfig, 'baseDomain'>): { ok: true; domain: string } | { ok: false; message: string } {
  const host = /[:/@\s]/.test(input.trim()) ? null : normalizeHost(input);
  if (host === null) return { ok: false, message: M.DOMAIN_INVALID(input.trim()) };
  const target = classifyHost(host, config.baseDomain);
  if (target.kind === 'admin') return { ok: false, message: M.DOMAIN_DASHBOARD(host) };
  if (target.kind === 'root' || target.kind === 'subdomain') return { ok: false, message: M.DOMAIN_PLATFORM(host) };
  if (target.kind === 'invalid' || !host.includes('.') || /^\d+(?:\.\d+){3}$/.test(host) || host === 'localhost' || host.endsWith('.localhost'))
    return { ok: false, message: M.DOMAIN_INVALID(input.trim()) };
  return { ok: true, domain: host };
}

/**
 * Checks the domains of a languages list (decision 0056) of the site `websiteId`, by the
 * entries' indexes in the list sent: each a host name of the owner's (not the dashboard's
 * address, not this service's, not one of the site's own custom domains, not another site's or
 * another site's language's), and each given to one language only.
 */
export async function checkLanguageDomains(
  db: DbOrTx,
  config: Pick<AppConfig, 'baseDomain'>,
  websiteId: string,
  list: readonly StoredLanguage[],
  indexOf: (code: string) => number,
): Promise<DomainCheck> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const out: StoredLanguage[] = [];
  for (const language of list) {
    if (!language.domain) {
      out.push(language);
      continue;
    }
    const field = `languages.${indexOf(language.code)}.domain`;
    const read = readLanguageDomain(language.domain, config);
    if (!read.ok) {
      fields[field] = read.message;
      continue;
    }
    if (seen.has(read.domain)) {
      fields[field] = M.DOMAIN_TWICE(read.domain);
      continue;
    }
    seen.add(read.domain);
    const use = await languageDomainUse(db, websiteId, language.code, read.domain);
    if (use?.kind === 'site') fields[field] = use.own ? M.DOMAIN_OWN_SITE(read.domain) : M.DOMAIN_TAKEN(read.domain);
    else if (use?.kind === 'language' && !use.own) fields[field] = M.DOMAIN_TAKEN(read.domain);
    else out.push({ ...language, domain: read.domain });
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, list: out };
}

/** The domains to map to the site's languages: the published ones'. */
export function servedDomains(list: readonly StoredLanguage[]): Map<string, string> {
  return new Map(list.filter((l) => l.published && l.domain).map((l) => [l.code, l.domain!]));
}
